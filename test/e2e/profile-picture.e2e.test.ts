// Issue 21 point 5 in Chromium: Ann picks a photo on her profile, adjusts it in 'Adjust Profile
// Picture' (round crop, zoom 1 to 3 in steps of 0.1), saves, and her picture shows on her profile and
// in the nav bar; Oscar then sees it on her profile, on her post in the feed and, once she writes to him, in
// his Messages dropdown, and her message's notification on his notifications page opens the chat. A file that is not an
// image is refused with the spec's texts. Screenshots of the dialog at 1280 and 390 px.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilePictureTexts } from '../../api/contracts/profile-picture.js';
import { signIn, type ApiClient } from '../support/test-server.js';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { screenshot, screenshotDir, signInWithHint } from './support/browser.js';

describe('the profile picture', () => {
  const e2e = startAppAndBrowser();
  let dir: string;
  let photo: string;
  let ann: ApiClient;
  let oscar: ApiClient;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skillswap-photo-'));
    photo = join(dir, 'holiday.jpg');
    // A landscape photo with EXIF, as a phone makes it: a blue sky over a green field.
    const sky = await sharp({ create: { width: 1200, height: 200, channels: 3, background: '#4f8fd6' } })
      .png()
      .toBuffer();
    await writeFile(
      photo,
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3f9b4f' } })
        .composite([{ input: sky, top: 0, left: 0 }])
        .jpeg({ quality: 90 })
        .withExif({ IFD0: { Make: 'PhoneMaker', Artist: 'Ann Private' } })
        .toBuffer(),
    );
    await writeFile(join(dir, 'notes.txt'), 'not a picture');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('crops, zooms and uploads a photo that then shows on the profile, in the nav bar and to another member', async () => {
    [ann, oscar] = await Promise.all([signIn(e2e.server.url, 'ann-photo@example.com', 'Ann Photo'), signIn(e2e.server.url, 'oscar-photo@example.com', 'Oscar')]);
    expect((await ann.post('/api/feed-posts', { content: 'Looking for a Figma buddy', category: 'design', urgency: 'low' })).status).toBe(201);

    const { context, page } = await newPageOnServerClock(e2e, { width: 1280, height: 900 });
    await signInWithHint(page, e2e.server.url, ann.email, '/profile');
    await page.getByTestId('change-picture').waitFor();

    // Not an image: refused before any dialog.
    await page.getByTestId('picture-input').setInputFiles(join(dir, 'notes.txt'));
    await page.getByText(profilePictureTexts.invalidTypeTitle).waitFor();
    await page.getByText(profilePictureTexts.invalidType).waitFor();
    // Nor is a text file named .png (its type comes from the name): refused before the crop dialog shows a broken image.
    await page.getByText(profilePictureTexts.invalidType).waitFor({ state: 'detached' });
    await page.getByTestId('picture-input').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('Just my notes, not a picture.') });
    await page.getByText(profilePictureTexts.invalidType).waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await screenshot(page, 'profile-picture-not-an-image-1280');

    await page.getByTestId('picture-input').setInputFiles(photo);
    const dialog = page.getByRole('dialog', { name: profilePictureTexts.dialogTitle });
    await dialog.waitFor();
    await dialog.locator('.reactEasyCrop_CropAreaRound').waitFor();
    const slider = dialog.getByTestId('zoom-slider');
    await expect(slider.evaluate((el: HTMLInputElement) => [el.min, el.max, el.step, el.value])).resolves.toEqual(['1', '3', '0.1', '1']);
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(dialog.getByTestId('zoom-value').textContent()).resolves.toBe('1.1x');
    await slider.fill('2');
    await expect(dialog.getByTestId('zoom-value').textContent()).resolves.toBe('2.0x');
    await page.mouse.move(640, 450);
    await screenshot(page, 'profile-picture-dialog-1280');
    await dialog.getByTestId('save-picture').click();
    await page.getByText(profilePictureTexts.success).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const me = (await ann.get('/api/user')).body as { profileImageUrl: string; avatar: string };
    expect(me.profileImageUrl).toMatch(/\/api\/media\/[0-9a-f-]{36}\/file$/);
    // The profile header shows the 256 px picture, the nav bar the 128 px avatar.
    await page.locator(`[data-testid=profile-avatar] img[src="${me.profileImageUrl}"]`).waitFor();
    await page.locator(`[data-testid=profile-menu] img[src="${me.avatar}"]`).waitFor();
    // The stored picture is the zoomed centre of the photo: at 1x the square would hold the sky (the top
    // quarter); at 2x it is the middle 400 px, all field.
    const stored = sharp(Buffer.from(await (await fetch(me.profileImageUrl)).arrayBuffer()));
    expect(await stored.metadata()).toMatchObject({ width: 256, height: 256, format: 'jpeg' });
    const { channels } = await stored.stats();
    expect(channels[2]!.max, 'no sky in the crop').toBeLessThan(140);
    await screenshot(page, 'profile-picture-saved-1280');
    await context.close();

    // Oscar sees it on Ann's profile and on her post.
    const other = await newPageOnServerClock(e2e, { width: 1280, height: 900 }, 'oscar');
    await signInWithHint(other.page, e2e.server.url, oscar.email, `/profile/${ann.memberId}`);
    await other.page.locator(`[data-testid=profile-avatar] img[src="${me.profileImageUrl}"]`).waitFor();
    await other.page.goto(`${e2e.server.url}/feed`);
    await other.page.locator(`[data-post-id] img[src="${me.avatar}"]`).first().waitFor();

    // Ann writes to Oscar: her picture is in Oscar's Messages dropdown, and the message notification on his
    // notifications page opens the chat with her.
    const started = await ann.post('/api/conversations', { participant1_id: ann.memberId, participant2_id: oscar.memberId });
    expect((await ann.post('/api/messages', { conversation_id: started.body.conversation.id, content: 'Do you like the new picture?' })).status).toBe(201);
    await other.page.getByTestId('messages-menu').click();
    await other.page.locator(`[data-testid=conversation-item] img[src="${me.avatar}"]`).waitFor();
    await screenshot(other.page, 'profile-picture-in-messages-1280');
    await other.page.keyboard.press('Escape');
    await other.page.goto(`${e2e.server.url}/notifications`);
    const row = other.page.getByTestId('notification-row').filter({ hasText: 'Ann Photo sent you a message: Do you like the new picture?' });
    await row.getByTestId('notification-message').click();
    await other.page.getByRole('region', { name: 'Chat with Ann Photo' }).getByText('Do you like the new picture?').waitFor();
    await other.context.close();
  });

  it('shows the crop dialog on a 390 px phone with its controls in view', async () => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 390, height: 844 });
    await signInWithHint(page, e2e.server.url, ann.email, '/profile');
    await page.getByTestId('picture-input').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('Not a picture') });
    await page.getByText(profilePictureTexts.invalidType).waitFor();
    await page.screenshot({ path: `${screenshotDir}/profile-picture-not-an-image-390.png` });
    await page.getByTestId('picture-input').setInputFiles(photo);
    const dialog = page.getByRole('dialog', { name: profilePictureTexts.dialogTitle });
    await dialog.locator('.reactEasyCrop_CropAreaRound').waitFor();
    const save = await dialog.getByTestId('save-picture').boundingBox();
    expect(save!.y + save!.height).toBeLessThanOrEqual(844);
    await page.screenshot({ path: `${screenshotDir}/profile-picture-dialog-390.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
