// Bots, crawlers, headless browsers and HTTP libraries are left out of the analytics on the server
// (DESIGN.md §12): the client cannot be trusted to leave itself out. `isbot` holds the maintained list
// of crawlers and tools; the short list of tokens below stays for what it may not name (HTTP clients of
// a few languages, test drivers). A missing user agent counts as automated.
import { isbot } from 'isbot';

const AUTOMATED =
  /bot\b|bot\/|crawl|spider|slurp|headless|phantomjs|slimerjs|lighthouse|pagespeed|puppeteer|playwright|selenium|webdriver|cypress|curl\/|wget\/|python-|httpie|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|^node$|postman|insomnia|libwww|scrapy|facebookexternalhit|embedly|preview/i;

export const isAutomatedUserAgent = (userAgent: string | undefined): boolean => {
  const agent = userAgent?.trim() ?? '';
  return agent === '' || isbot(agent) || AUTOMATED.test(agent);
};
