import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { adminLogin, desktop, phone, png, signUp, snap, snapBoth, uniqueEmail } from './helpers';

// The post desk end to end: a post written by hand (heading, list, sponsored link, library image
// with alt text, YouTube video), kept private as a draft, shown through its preview link, scheduled
// and published by the server's scheduler, moved to a new address, unpublished, and restored.

interface OwnerPost {
  id: number;
  title: string;
  slug: string;
  category: string;
  status: string;
  url: string;
  previewUrl: string;
  content: string;
}

async function ownerPost(request: APIRequestContext, id: number): Promise<OwnerPost> {
  const res = await request.get(`/api/workspace/posts/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).post as OwnerPost;
}

async function feed(request: APIRequestContext, ws: string): Promise<string> {
  const res = await request.get(`/blog/${ws}/feed.xml`);
  expect(res.ok()).toBe(true);
  return res.text();
}

/** The blog's post titles as its home page lists them (the reader API behind it). */
async function blogTitles(request: APIRequestContext, ws: string): Promise<string[]> {
  const res = await request.get(`/api/posts?workspace=${ws}&limit=48`);
  expect(res.ok()).toBe(true);
  return ((await res.json()).posts as { title: string }[]).map((p) => p.title);
}

/** "YYYY-MM-DDTHH:mm" `minutes` from now, in the browser's time zone (what datetime-local takes). */
function localInput(page: Page, minutes: number): Promise<string> {
  return page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, minutes);
}

test('desk: write by hand, draft, preview, schedule, new address, unpublish, restore', async ({ page, browser }) => {
  test.setTimeout(420_000);
  await signUp(page, 'Dana Desk', uniqueEmail('desk'));
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const ws = ((await (await page.request.get('/api/workspace')).json()).workspace as { slug: string }).slug;
  const title = `Slow Mornings ${Date.now().toString(36)}`;

  // ---- Write on a phone ----
  await page.setViewportSize(phone);
  await page.goto('/dashboard/posts/new');
  const status = page.getByRole('region', { name: 'Status & publishing' });
  await expect(status.getByText('Draft', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);

  const body = page.getByRole('textbox', { name: 'Content', exact: true });
  await body.click();
  // Markdown shortcuts: a heading and a list
  await page.keyboard.type('## What to keep\n');
  await page.keyboard.type('Three things make a slow morning:\n');
  await page.keyboard.type('- Light\nCoffee\nSilence\n\n');
  await page.keyboard.type('Our favourite kettle is the ');

  // a sponsored link from the link dialog
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  const link = page.getByRole('dialog', { name: 'Link' });
  await link.getByLabel('URL').fill('shop.example/kettle');
  await link.getByLabel('Text (optional)').fill('copper kettle');
  await link.getByRole('checkbox', { name: /Sponsored/ }).check();
  await link.getByRole('checkbox', { name: /Open in new tab/ }).check();
  await link.getByRole('button', { name: 'Add link' }).click();
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');

  // an image put in the library from the image dialog, with alt text and a caption
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const image = page.getByRole('dialog', { name: 'Image' });
  await expect(image.getByText('No images in your library yet.')).toBeVisible();
  await image.locator('input[type="file"]').setInputFiles({ name: 'kettle.png', mimeType: 'image/png', buffer: png(120, 80, [217, 119, 6]) });
  await expect(image.getByRole('button', { name: 'Change' })).toBeVisible();
  await image.getByRole('button', { name: 'Insert image' }).click();
  await expect(image.getByText('Describe the image')).toBeVisible();
  await image.getByLabel('Alt text', { exact: true }).fill('A copper kettle on a stove');
  await image.getByLabel('Caption (optional)').fill('The kettle, at seven');
  await image.getByRole('button', { name: 'Insert image' }).click();
  await expect(image).toBeHidden();

  // a YouTube video
  await page.getByRole('button', { name: 'YouTube or Vimeo video' }).click();
  const video = page.getByRole('dialog', { name: 'Embed a video' });
  await video.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await video.getByRole('button', { name: 'Insert video' }).click();
  await expect(body.getByText('YouTube video')).toBeVisible();

  // The first autosave creates the draft and gives the page its address.
  await expect(page).toHaveURL(/\/dashboard\/posts\/\d+$/, { timeout: 30_000 });
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 30_000 });
  await snapBoth(page, 'desk-draft', phone);

  const saved = await ownerPost(page.request, id);
  expect(saved.status).toBe('draft');
  expect(saved.content).toContain('<h2>What to keep</h2>');
  expect(saved.content).toMatch(/<ul>\s*<li>/);
  expect(saved.content).toMatch(/<a [^>]*rel="sponsored noopener"[^>]*>copper kettle<\/a>/);
  expect(saved.content).toMatch(/<figure><img [^>]*alt="A copper kettle on a stove"[^>]*><figcaption>The kettle, at seven<\/figcaption><\/figure>/);
  expect(saved.content).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');

  // ---- A draft is private: not on the blog, not in the feed ----
  await page.setViewportSize(desktop);
  await page.getByRole('region', { name: 'Status & publishing' }).getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  expect(await blogTitles(page.request, ws)).not.toContain(title);
  expect(await feed(page.request, ws)).not.toContain(title);
  await page.goto(`/blog/${ws}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  // ---- Its preview link opens from the desk, and works without a session and is not indexed ----
  await page.goto(`/dashboard/posts/${id}`);
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('region', { name: 'Preview' }).getByRole('button', { name: 'Open preview' }).click(),
  ]);
  await tab.waitForURL(/\/preview\/\d+\//);
  await expect(tab.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(new URL(tab.url()).pathname).toBe(new URL(saved.previewUrl, page.url()).pathname);
  await tab.close();

  const preview = new URL(saved.previewUrl, page.url()).toString();
  const stranger = await browser.newContext({ viewport: desktop });
  const visitor = await stranger.newPage();
  const answer = await visitor.goto(preview);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['x-robots-tag'] ?? '').toContain('noindex');
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(visitor.locator('a[rel~="sponsored"]', { hasText: 'copper kettle' })).toHaveAttribute('href', 'https://shop.example/kettle');
  await expect(visitor.locator('figure img[alt="A copper kettle on a stove"]')).toBeAttached();
  await expect(visitor.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toBeAttached();
  await stranger.close();

  // ---- Scheduled a minute or two ahead, the server publishes it ----
  await page.goto(`/dashboard/posts/${id}`);
  await status.getByRole('button', { name: 'Schedule' }).click();
  // two minutes rounded down to the minute: always in the future when it arrives
  await page.getByLabel('Publish on').fill(await localInput(page, 2));
  await status.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Post scheduled')).toBeVisible();
  await expect(status.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(status.getByText(/^Goes live /)).toBeVisible();
  await expect(status.getByRole('button', { name: 'Unschedule' })).toBeVisible();
  await snapBoth(page, 'desk-scheduled');
  expect(await feed(page.request, ws)).not.toContain(title);

  await expect
    .poll(async () => (await feed(page.request, ws)).includes(title), { timeout: 240_000, intervals: [5_000] })
    .toBe(true);
  expect(await blogTitles(page.request, ws)).toContain(title);
  const live = await ownerPost(page.request, id);
  expect(live.status).toBe('published');
  await page.goto(`/blog/${ws}`);
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();

  // ---- A new slug: the old address leads to the new one ----
  const oldPath = live.url;
  await page.goto(`/dashboard/posts/${id}`);
  await expect(status.getByText('Published', { exact: true })).toBeVisible();
  await expect(status.getByRole('button', { name: 'Update' })).toBeDisabled();
  const newSlug = `${live.slug}-renamed`;
  await page.getByRole('textbox', { name: 'Slug' }).fill(newSlug);
  await expect(page.getByText('Unsaved changes: Update to publish them')).toBeVisible();
  await status.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Post updated')).toBeVisible();
  await snapBoth(page, 'desk-published');
  const moved = await ownerPost(page.request, id);
  expect(moved.slug).toBe(newSlug);
  await page.goto(oldPath);
  await expect(page).toHaveURL(new RegExp(`${moved.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // ---- Unpublished, it leaves the blog and the feed ----
  await page.goto(`/dashboard/posts/${id}`);
  await status.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Post unpublished')).toBeVisible();
  await expect(status.getByText('Draft', { exact: true })).toBeVisible();
  await expect.poll(async () => (await feed(page.request, ws)).includes(title), { timeout: 15_000 }).toBe(false);
  expect(await blogTitles(page.request, ws)).not.toContain(title);

  // ---- A changed title saves itself; restoring a revision brings the old one back ----
  const titleBox = page.getByRole('textbox', { name: 'Title', exact: true });
  await titleBox.fill(`${title} (rewritten)`);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await ownerPost(page.request, id)).title, { timeout: 15_000 }).toBe(`${title} (rewritten)`);
  await page.reload();
  const revisions = page.getByRole('region', { name: 'Revisions' });
  const original = revisions.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) }).last();
  await original.getByRole('button', { name: /Restore the version of/ }).click();
  const ask = page.getByRole('alertdialog', { name: 'Restore this version?' });
  await ask.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Revision restored')).toBeVisible();
  await expect(titleBox).toHaveValue(title);
  expect((await ownerPost(page.request, id)).title).toBe(title);
  await snapBoth(page, 'desk-restored');
});

test('desk: leaving unsaved changes of a published post asks first', async ({ page }) => {
  await page.setViewportSize(desktop);
  await signUp(page, 'Lee Leaver', uniqueEmail('desk-leave'));
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/posts/new');
  const status = page.getByRole('region', { name: 'Status & publishing' });
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Published at once');
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.type('A short post.');
  await status.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Post published')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/posts\/\d+$/);
  await expect(status.getByText('Published', { exact: true })).toBeVisible();

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Published at once, edited');
  await page.getByRole('link', { name: 'My Posts' }).last().click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts\/\d+$/);
  await page.getByRole('link', { name: 'My Posts' }).last().click();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  // the live post kept its title
  await expect(page.getByRole('table').getByText('Published at once', { exact: true })).toBeVisible();
});

test('desk on a phone: the admin edits a post of the blog at /', async ({ page }) => {
  await adminLogin(page, phone);
  await expect(page.getByText('Admin - Unlimited Access').first()).toBeVisible();

  // The admin's desk is the site's blog: its posts are the ones at "/".
  const list = await (await page.request.get('/api/workspace/posts?status=published&limit=1')).json();
  const post = list.posts[0] as { id: number; title: string; url: string };
  expect(post.url).not.toContain('/blog/');
  await page.goto(`/dashboard/posts/${post.id}`);
  const titleBox = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(titleBox).toHaveValue(post.title);
  const edited = `${post.title} (edited on a phone)`;
  await titleBox.fill(edited);
  const status = page.getByRole('region', { name: 'Status & publishing' });
  await status.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Post updated')).toBeVisible();
  // Nothing on the screen is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await snap(page, 'desk-admin-phone');

  await page.goto(post.url);
  await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible();
  const feed = await (await page.request.get('/feed.xml')).text();
  expect(feed).toContain('(edited on a phone)');
});
