// Messaging between two members in two browsers (issue 21 point 1 and its acceptance): A opens a chat
// from B's profile and writes (Enter sends, Shift+Enter breaks the line, an empty message is not sent);
// B's nav shows the unread count live; B opens the window from the Messages dropdown; A sees 'Seen' and
// B typing; B's reply arrives live and B's list says 'You: '; a failed send puts the text back; windows
// minimise to a bubble and close; a message notification's ?chat= opens the chat. Screenshots at 1280
// and 390 px; axe finds nothing serious in the dropdown and the chat window.
import { mkdirSync } from 'node:fs';
import { afterAll, expect, it, describe } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { allowBrowserErrors, screenshotDir, submitDevSignInForm } from './support/browser.js';
import { seriousViolations } from './support/axe.js';

describe('messaging between two members', () => {
  const e2e = startAppAndBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  const shot = async (page: Page, name: string) => {
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: `${screenshotDir}/messaging-${name}.png` });
  };
  const signUp = async (name: string, width = 1280): Promise<Page> => {
    const { context, page } = await newPageOnServerClock(e2e, { width, height: width > 500 ? 860 : 844 }, `browser ${name}`);
    contexts.push(context);
    await page.goto(`${e2e.server.url}/feed`);
    await submitDevSignInForm(page, { email: `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@example.com`, name });
    await page.waitForURL((url) => url.pathname === '/feed');
    return page;
  };
  const memberId = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { id: string }).id);

  it('chats live: unread count, Seen, typing, replies, failed sends, bubbles and the ?chat= link', async () => {
    const bob = await signUp('Bob Kahn');
    const bobId = await memberId(bob);
    const ada = await signUp('Ada Lovelace');
    const adaId = await memberId(ada);
    await bob.getByRole('button', { name: 'Messages', exact: true }).waitFor();

    // A opens the chat from B's profile and writes.
    await ada.goto(`${e2e.server.url}/profile/${bobId}`);
    await ada.getByTestId('profile-message').click();
    const adaWindow = ada.getByRole('region', { name: 'Chat with Bob Kahn' });
    const adaInput = adaWindow.getByRole('textbox', { name: 'Message Bob Kahn' });
    await adaInput.waitFor();
    await adaWindow.getByText('No messages yet. Say hello!').waitFor();
    await adaInput.press('Enter');
    await adaInput.fill('   ');
    await adaInput.press('Enter');
    await adaInput.fill('Hello Bob!');
    await adaInput.press('Enter');
    await adaWindow.getByTestId('own-message').filter({ hasText: 'Hello Bob!' }).waitFor();
    await expect(adaInput.inputValue()).resolves.toBe('');
    await adaInput.pressSequentially('Line one');
    await adaInput.press('Shift+Enter');
    await adaInput.pressSequentially('Line two');
    await adaInput.press('Enter');
    await adaWindow.getByTestId('own-message').nth(1).waitFor();
    await expect(adaWindow.getByTestId('own-message').nth(1).textContent()).resolves.toBe('Line one\nLine two');
    // Only the two real messages were sent (the empty ones never left the box).
    await expect(adaWindow.getByTestId('own-message').count()).resolves.toBe(2);

    // B's nav shows the unread count live, without a reload.
    await bob.getByRole('button', { name: 'Messages, 2 unread' }).waitFor();
    await shot(ada, 'chat-window-1280');
    await bob.getByTestId('messages-menu').click();
    const menu = bob.getByRole('dialog', { name: 'Messages' });
    const row = menu.getByTestId('conversation-item').filter({ hasText: 'Ada Lovelace' });
    await row.getByText('Line one').waitFor();
    await row.getByTestId('conversation-unread').getByText('2').waitFor();
    await menu.getByText('Start a conversation').waitFor();
    expect(await seriousViolations(bob, '[data-radix-popper-content-wrapper]')).toEqual([]);
    await shot(bob, 'dropdown-1280');

    // B opens the window: A sees 'Seen' under the last message.
    await row.click();
    const bobWindow = bob.getByRole('region', { name: 'Chat with Ada Lovelace' });
    await bobWindow.getByTestId('their-message').filter({ hasText: 'Hello Bob!' }).waitFor();
    await adaWindow.getByTestId('chat-seen').waitFor();
    await bob.getByRole('button', { name: 'Messages', exact: true }).waitFor();

    // B types: A sees it; B's reply arrives live.
    const bobInput = bobWindow.getByRole('textbox', { name: 'Message Ada Lovelace' });
    await bobInput.pressSequentially('Hi Ada', { delay: 30 });
    await adaWindow.getByText('Bob Kahn is typing...').waitFor();
    await shot(ada, 'typing-1280');
    await bobInput.press('Enter');
    await adaWindow.getByTestId('their-message').filter({ hasText: 'Hi Ada' }).waitFor();
    await bobWindow.getByTestId('own-message').filter({ hasText: 'Hi Ada' }).waitFor();
    expect(await seriousViolations(bob, '[data-testid=chat-window]')).toEqual([]);
    await bob.getByTestId('messages-menu').click();
    await menu.getByTestId('conversation-item').filter({ hasText: 'You: Hi Ada' }).waitFor();
    await bob.keyboard.press('Escape');

    // A failed send puts the text back as typed and says so.
    // The failed sends' 503s are this test's doing, and so are Chromium's console lines for them.
    allowBrowserErrors(/request failed: POST \S+\/api\/messages answered 503$/, /console error: Failed to load resource: the server responded with a status of 503 /);
    await ada.route('**/api/messages', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service unavailable' }) }),
    );
    await adaInput.fill('  This one fails ');
    await adaInput.press('Enter');
    await adaWindow.getByRole('alert').waitFor();
    await expect(adaInput.inputValue()).resolves.toBe('  This one fails '); // as typed, spaces and all
    await ada.unroute('**/api/messages');
    await adaInput.press('Enter');
    await adaWindow.getByTestId('own-message').filter({ hasText: 'This one fails' }).waitFor();

    // Minimise to a bubble, restore, close.
    await adaWindow.getByRole('button', { name: 'Minimise chat with Bob Kahn' }).click();
    await ada.getByRole('button', { name: 'Open chat with Bob Kahn' }).click();
    await adaWindow.getByRole('button', { name: 'Close chat with Bob Kahn' }).click();
    await expect(ada.getByTestId('chat-window').count()).resolves.toBe(0);

    // 'Messages (N)' in the profile menu opens the dropdown.
    await bob.getByTestId('profile-menu').click();
    // Bob's window is open, so Ada's last message is read already.
    await bob.getByRole('menuitem', { name: 'Messages (0)' }).click();
    await bob.getByRole('dialog', { name: 'Messages' }).waitFor();
    await bob.keyboard.press('Escape');

    // A message notification's link (?chat=) opens the chat with its sender.
    await ada.goto(`${e2e.server.url}/feed?chat=${bobId}`);
    await adaWindow.getByTestId('their-message').filter({ hasText: 'Hi Ada' }).waitFor();
    await ada.waitForURL((url) => !url.searchParams.has('chat'));

    // B follows the message notification in the bell: it opens the chat with its sender.
    await bobWindow.getByRole('button', { name: 'Close chat with Ada Lovelace' }).click();
    await bob.getByTestId('notification-bell').click();
    await bob.getByTestId('notification-item').filter({ hasText: 'Ada Lovelace sent you a message: Hello Bob!' }).click();
    await bobWindow.getByTestId('their-message').filter({ hasText: 'Hello Bob!' }).waitFor();
    await expect(bob.url()).not.toContain('chat=');

    // A phone: one window, the nav's Messages button still in reach.
    const phone = await signUp('Cy Phone', 390);
    await phone.goto(`${e2e.server.url}/profile/${adaId}`);
    await phone.getByTestId('profile-message').click();
    const phoneWindow = phone.getByRole('region', { name: 'Chat with Ada Lovelace' });
    await phoneWindow.getByRole('textbox').fill('Hello from a phone');
    await phoneWindow.getByRole('textbox').press('Enter');
    await phoneWindow.getByTestId('own-message').waitFor();
    expect(await seriousViolations(phone, '[data-testid=chat-window]')).toEqual([]);
    await shot(phone, 'chat-window-390');
    await phone.getByTestId('messages-menu').click();
    await phone.getByRole('dialog', { name: 'Messages' }).getByTestId('conversation-item').waitFor();
    expect(await seriousViolations(phone, '[data-radix-popper-content-wrapper]')).toEqual([]);
    await shot(phone, 'dropdown-390');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
