// The pages' fallback: what a member sees instead of a page that failed while rendering: a card that says
// so, with a way to try again and a way back, never a white screen.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { staticText } from '@/ui/testing/static-text';
import { PageErrorFallback, pageErrorTexts } from './page-error-boundary';

const render = (home: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PageErrorFallback error={new Error('boom')} resetErrorBoundary={() => {}} home={home} />
    </MemoryRouter>,
  );

describe("a page's error fallback", () => {
  it('says the page ran into a problem, as an alert, with Try again and a link back home', () => {
    const html = render('/feed');
    expect(html).toContain('role="alert"');
    expect(staticText(html)).toBe(`${pageErrorTexts.title} ${pageErrorTexts.body} ${pageErrorTexts.retry} ${pageErrorTexts.back}`);
    expect(html).toMatch(/<a [^>]*href="\/feed"/);
    // The thrown message is for the error monitor, not for the member.
    expect(html).not.toContain('boom');
  });
});
