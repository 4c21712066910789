// The 'catching up' line of the signed-in frame (issue 30 point 1) in a real browser: while the next
// version of the sessions read model rebuilds on the server, the dashboard says so under the nav bar
// with its progress, at 1280 and 390 px, with no serious axe finding; once the new version is live, the
// frame's next ask of the dashboard's sessions finds no header and the line goes.
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/assistant-fixtures.js';
import { rebuildingSessions } from '../support/rebuilding-sessions.js';
import { signIn } from '../support/test-server.js';
import { openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { seriousViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';

const { options, slow } = rebuildingSessions();

describe("the signed-in frame's catching-up line", () => {
  const e2e = startAppAndBrowser(options);

  it('shows which read model catches up and how far while it rebuilds, and goes once it is live', async () => {
    const ada = await signIn(e2e.server.url, 'ada-catching-up-e2e@example.com', 'Ada Catching Up');
    const { context, page } = await openAs(e2e, ada, '/dashboard', { width: 1280, height: 800 });
    try {
      const line = page.getByTestId('catching-up-text');
      await line.waitFor();
      expect(await line.textContent()).toMatch(/^Catching up: sessions \d{1,2}%/);
      // Inside the status region, so a screen reader hears it.
      expect(await page.getByRole('status').filter({ has: line }).count()).toBe(1);
      await screenshot(page, 'catching-up-1280');
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'catching-up-390');
      expect(await seriousViolations(page)).toEqual([]);
      expect(e2e.server.runtime.rebuilding().has('sessions')).toBe(true);

      slow.on = false;
      await eventually(
        async () => ((await e2e.server.runtime.status()).find((s) => s.name === 'sessions')?.status === 'live' ? true : undefined),
        20_000,
        'sessions live',
      );
      // The frame asks the reporting URL again every 10 s (the page's clock): that answer has no header.
      for (let i = 0; i < 6 && (await line.isVisible()); i += 1) await page.clock.fastForward(10_000);
      await line.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
