// For the unit tests of views rendered with renderToStaticMarkup: the words a reader sees, tags dropped and
// white space collapsed, so a test asserts on text and not on markup.
export const staticText = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
