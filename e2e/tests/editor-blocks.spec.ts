import { expect, test, type Locator, type Page } from './fixtures';
import { png, signUp, uniqueEmail } from './helpers';

// Typing right after putting a block in the body (an image, a video, a divider, a pasted image)
// writes a new paragraph after it: the block is never replaced by the key pressed, and the draft's
// autosave keeps it.

/** The post's stored body, as the desk's API answers it. */
async function storedContent(page: Page, id: number): Promise<string> {
  const res = await page.request.get(`/api/workspace/posts/${id}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()).post as { content: string }).content;
}

/** A paste of HTML into the body, as the browser delivers one. */
async function pasteHtml(body: Locator, html: string): Promise<void> {
  await body.evaluate((el, h) => {
    const data = new DataTransfer();
    data.setData('text/html', h);
    data.setData('text/plain', '');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

test('typing after each kind of insert keeps the block, and the autosave stores it', async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page, 'Bea Blocks', uniqueEmail('blocks'));
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/posts/new');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Blocks ${Date.now().toString(36)}`);
  const body = page.getByRole('textbox', { name: 'Content', exact: true });
  await body.click();
  await page.keyboard.type('Intro');
  // The first autosave creates the draft and gives the desk its address.
  await expect(page).toHaveURL(/\/dashboard\/posts\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 30_000 });
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await body.click();
  await page.keyboard.press('Control+End');

  // ---- An image from the image dialog ----
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const image = page.getByRole('dialog', { name: 'Image' });
  await image.locator('input[type="file"]').setInputFiles({ name: 'pear.png', mimeType: 'image/png', buffer: png(120, 80, [34, 139, 34]) });
  await expect(image.getByRole('button', { name: 'Change' })).toBeVisible();
  await image.getByLabel('Alt text', { exact: true }).fill('A green pear');
  await image.getByLabel('Caption (optional)').fill('Ripe in a week');
  await image.getByRole('button', { name: 'Insert image' }).click();
  await expect(image).toBeHidden();
  await page.keyboard.type('After the image');
  await expect(body.locator('figure img[alt="A green pear"]')).toHaveCount(1);
  await expect.poll(() => storedContent(page, id), { timeout: 30_000 }).toMatch(/<figure><img [^>]*alt="A green pear"[^>]*><figcaption>Ripe in a week<\/figcaption><\/figure>\s*<p>After the image<\/p>/);
  const src = await body.locator('figure img').getAttribute('src');
  expect(src).toBeTruthy();

  // ---- A video ----
  await page.getByRole('button', { name: 'YouTube or Vimeo video' }).click();
  const video = page.getByRole('dialog', { name: 'Embed a video' });
  await video.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await video.getByRole('button', { name: 'Insert video' }).click();
  await expect(video).toBeHidden();
  await page.keyboard.type('After the video');
  await expect(body.getByText('YouTube video')).toBeVisible();
  await expect.poll(() => storedContent(page, id), { timeout: 30_000 }).toMatch(/youtube-nocookie\.com\/embed\/dQw4w9WgXcQ[^]*<\/div>\s*<p>After the video<\/p>/);

  // ---- A divider ----
  await page.getByRole('button', { name: 'Divider' }).click();
  await page.keyboard.type('After the divider');
  await expect(body.locator('hr')).toHaveCount(1);
  await expect.poll(() => storedContent(page, id), { timeout: 30_000 }).toMatch(/<hr\s*\/?>\s*<p>After the divider<\/p>/);

  // ---- A pasted image ----
  await pasteHtml(body, `<img src="${src}" alt="A pasted pear">`);
  await page.keyboard.type('After the paste');
  await expect(body.locator('img[alt="A pasted pear"]')).toHaveCount(1);
  await expect.poll(() => storedContent(page, id), { timeout: 30_000 }).toMatch(/<img [^>]*alt="A pasted pear"[^>]*>[^]*<p>After the paste<\/p>/);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 30_000 });
  const content = await storedContent(page, id);

  // Every block is still in the stored body, in order, and in the desk after a reload.
  const order = ['Intro', 'alt="A green pear"', 'After the image', 'youtube-nocookie.com', 'After the video', '<hr', 'After the divider', 'alt="A pasted pear"', 'After the paste'];
  const at = order.map((s) => content.indexOf(s));
  expect(at.every((i) => i >= 0), `stored body: ${content}`).toBe(true);
  expect(at).toEqual([...at].sort((a, b) => a - b));
  await page.reload();
  await expect(body.locator('figure img[alt="A green pear"]')).toHaveCount(1);
  await expect(body.getByText('YouTube video')).toBeVisible();
  await expect(body.locator('hr')).toHaveCount(1);
  await expect(body.locator('img[alt="A pasted pear"]')).toHaveCount(1);
});
