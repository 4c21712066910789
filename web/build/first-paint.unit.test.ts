import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { inlineStylesheet } from './first-paint';

const transform = (html: string, bundle: Record<string, unknown>) => {
  const hook = inlineStylesheet().transformIndexHtml as { handler: (html: string, context: IndexHtmlTransformContext) => string };
  return hook.handler(html, { bundle } as unknown as IndexHtmlTransformContext);
};

describe('the stylesheet inlined into index.html', () => {
  it('replaces the built stylesheet link with its rules, so the first paint needs no other request', () => {
    const html = '<head><script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index-b.css"></head>';
    const out = transform(html, { 'assets/index-b.css': { type: 'asset', source: '.a{color:red}' } });
    expect(out).toContain('<style>.a{color:red}</style>');
    expect(out).not.toContain('index-b.css');
    expect(out).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
  });

  it('leaves a link to a file the build did not write as it is', () => {
    const html = '<link rel="stylesheet" href="/elsewhere.css">';
    expect(transform(html, {})).toBe(html);
  });
});
