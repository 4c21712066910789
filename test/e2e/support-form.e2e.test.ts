// The support form on ui/form (issue 30 point 6): its texts and behaviour as before (document 001
// §2.12), with each field's error tied to its control (aria-invalid, aria-describedby), the message's
// live count, and axe clean with errors showing.
import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX, supportTexts } from '../../api/contracts/support.js';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { axeOn } from './support/axe.js';

describe('the support form', () => {
  const e2e = startAppAndBrowser();

  it('says what is missing once, ties a bad e-mail to its field, counts the message and sends the ticket', async () => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 390, height: 844 });
    await page.goto(`${e2e.server.url}/support`);
    const form = page.getByRole('form', { name: 'Ticket de soporte' });
    await form.getByRole('button', { name: 'Enviar ticket' }).click();
    await expect.poll(() => form.getByRole('alert').allTextContents()).toEqual([supportTexts.required]);
    expect(await page.locator('#support-name').getAttribute('aria-invalid')).toBe('true');

    await page.locator('#support-name').fill('Ana');
    await page.locator('#support-email').fill('not-an-email');
    await page.locator('#support-subject').fill('No puedo reservar');
    await page.locator('#support-message').fill('Hola');
    await form.getByRole('button', { name: 'Enviar ticket' }).click();
    const email = page.locator('#support-email');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`#${describedBy.split(' ')[0]}`).textContent()).toBe(supportTexts.badEmail);
    expect(await page.locator('#support-message-count').textContent()).toBe(`4/${SUPPORT_MESSAGE_MAX}`);
    expect(await page.locator('#support-message').getAttribute('aria-describedby')).toBe('support-message-count');

    const axe = await axeOn(page).include('form').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await email.fill('ana@example.com');
    await form.getByRole('button', { name: 'Enviar ticket' }).click();
    await page.getByTestId('ticket-sent').waitFor();
    expect(await page.getByTestId('ticket-sent').textContent()).toContain('No puedo reservar');
    await context.close();
  });
});
