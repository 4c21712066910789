import { describe, expect, it } from 'vitest';
import { parseMeta } from './parse-meta.js';

const page = 'https://www.example.com/articles/1';

describe('reading a link preview from a page', () => {
  it('prefers Open Graph, makes the image absolute and names the site', () => {
    const html = `<!doctype html><html><head>
      <title>Plain title</title>
      <meta property="og:title" content="Learn &amp; teach &#x2014; together">
      <meta content='Swap skills with &quot;peers&quot;' property='og:description'>
      <meta property=og:image content=/img/cover.png>
      <meta property="og:site_name" content="Example">
      </head><body><meta property="og:title" content="not in the head"></body></html>`;
    expect(parseMeta(html, page)).toEqual({
      url: page,
      title: 'Learn & teach \u2014 together',
      description: 'Swap skills with "peers"',
      image: 'https://www.example.com/img/cover.png',
      provider: 'Example',
    });
  });

  it('falls back to Twitter cards, then the title and description, and to the host as provider', () => {
    const html =
      '<head><TITLE>  A   page\n title </TITLE><meta name="description" content="About it"><meta name="twitter:image" content="https://cdn.example.com/a.jpg"></head>';
    expect(parseMeta(html, page)).toEqual({ url: page, title: 'A page title', description: 'About it', image: 'https://cdn.example.com/a.jpg', provider: 'example.com' });
  });

  it('keeps text as text and refuses images that are not http(s)', () => {
    const html = '<head><meta property="og:title" content="&lt;script&gt;alert(1)&lt;/script&gt;"><meta property="og:image" content="javascript:alert(1)"></head>';
    const preview = parseMeta(html, page);
    expect(preview.title).toBe('<script>alert(1)</script>');
    expect(preview.image).toBeNull();
  });

  it('ignores tags inside comments and scripts, and cuts long texts', () => {
    const html = `<head><!-- <meta property="og:title" content="commented"> --><script>var s = '<meta property="og:title" content="scripted">';</script>
      <meta property="og:title" content="${'x'.repeat(500)}"></head>`;
    expect(parseMeta(html, page).title).toBe('x'.repeat(300));
  });

  it('answers nulls for a page with nothing to show', () => {
    expect(parseMeta('<html><body>hello</body></html>', page)).toEqual({ url: page, title: null, description: null, image: null, provider: 'example.com' });
  });
});
