// Bots, crawlers, headless browsers and HTTP libraries are left out of the analytics on the server
// (DESIGN.md §12): the client cannot be trusted to leave itself out. A missing user agent counts as
// automated. The list is of the tokens these agents put in their user agent, kept short on purpose:
// a well-behaved crawler says "bot", "crawler" or "spider", and headless Chrome says "HeadlessChrome".
const AUTOMATED =
  /bot\b|bot\/|crawl|spider|slurp|headless|phantomjs|slimerjs|lighthouse|pagespeed|puppeteer|playwright|selenium|webdriver|cypress|curl\/|wget\/|python-|httpie|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|^node$|postman|insomnia|libwww|scrapy|facebookexternalhit|embedly|preview/i;

export const isAutomatedUserAgent = (userAgent: string | undefined): boolean => {
  const agent = userAgent?.trim() ?? '';
  return agent === '' || AUTOMATED.test(agent);
};
