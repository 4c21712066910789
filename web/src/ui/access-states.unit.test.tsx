import { adminAccessTexts } from '@contracts/admin-access';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccessDenied, AccessRequired } from './access-states';
import { staticText } from './testing/static-text';

const text = staticText;

describe("the admin area's inline access states", () => {
  it("say 'Admin Access Required' with a Log In button when the session has ended", () => {
    const html = renderToStaticMarkup(<AccessRequired onLogIn={() => {}} />);
    expect(text(html)).toBe(`${adminAccessTexts.requiredTitle} ${adminAccessTexts.requiredBody} ${adminAccessTexts.logIn}`);
    expect(html).toMatch(/<button[^>]*>.*Log In<\/button>/);
  });

  it("say 'Access Denied' with the member's e-mail and a way back home", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <AccessDenied email="mo@example.com" />
      </MemoryRouter>,
    );
    expect(text(html)).toContain(adminAccessTexts.deniedTitle);
    expect(text(html)).toContain('mo@example.com does not have admin rights');
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Back to Home<\/a>/);
  });
});
