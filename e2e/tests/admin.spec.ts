import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';
import { adminLogin, desktop, png, signUp, snapBoth, uniqueEmail } from './helpers';

/** A signed-in owner (onboarding skipped) in a browser context of their own. */
async function newOwner(browser: Browser, name: string): Promise<{ page: Page; workspace: { id: number; name: string; slug: string } }> {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  await signUp(page, name, uniqueEmail('admin-flow-owner'));
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const ws = await (await page.request.get('/api/workspace')).json();
  return { page, workspace: ws.workspace };
}

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  await page.request.get('/api/auth/me');
  const token = (await page.context().cookies()).find((c) => c.name === 'inkpress_csrf')?.value ?? '';
  return { 'X-CSRF-Token': token };
}

/** Makes sure the signed-in user's workspace has the category (through the API). */
async function ensureCategory(page: Page, slug: string, name: string): Promise<void> {
  await page.request.get('/api/workspace');
  const cats = (await (await page.request.get('/api/workspace/categories')).json()).categories as { slug: string }[];
  if (cats.some((c) => c.slug === slug)) return;
  const res = await page.request.post('/api/workspace/categories', {
    headers: await csrfHeaders(page),
    data: { slug, name, description: `${name} articles`, colorHex: '#f97316' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function scheduledCount(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/workspace/scheduled');
  expect(res.ok()).toBe(true);
  return ((await res.json()).items as unknown[]).length;
}

/** 'YYYY-MM-DD' a year from now (local), so scheduled items stay pending. */
function nextYear(days = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() + 1);
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

test('admin: dashboard, generate and delete a post, users page changes a plan', async ({ page, browser, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const suffix = Date.now().toString(36);
  const owner = await newOwner(browser, `Plan Tester ${suffix}`);

  await adminLogin(page);
  await ensureCategory(page, 'gadgets', 'Gadgets');
  await page.reload();

  // Shortcuts and the RSS feeds (all posts plus one per category).
  const nav = page.getByRole('group', { name: 'Shortcuts' });
  for (const name of ['Manage Users', 'Schedule Posts', 'Manage Categories', 'Media Library', 'All posts']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  const tabs = page.getByRole('navigation', { name: 'Admin sections' });
  for (const name of ['Dashboard', 'Posts', 'Schedule', 'Categories', 'Media library', 'Settings', 'Users']) {
    await expect(tabs.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const ws = await (await page.request.get('/api/workspace')).json();
  const feedLink = (url: string) => page.getByRole('link', { name: `${url} (opens in a new tab)`, exact: true });
  await expect(feedLink(ws.rssUrl)).toBeVisible();
  await expect(feedLink(`${ws.rssUrl}?category=gadgets`)).toBeVisible();
  await page.getByRole('button', { name: 'Copy Gadgets' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${ws.rssUrl}?category=gadgets`);

  // Generate New Post, then find it in the table and delete it with the bulk button.
  const existing = (await (await page.request.get('/api/workspace/posts')).json()).total as number;
  if (existing === 0) await expect(page.getByText('No posts yet. Generate your first one!')).toBeVisible();
  await page.getByRole('button', { name: 'Generate New Post' }).first().click();
  const gen = page.getByRole('dialog', { name: 'Generate New Post' });
  await gen.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Gadgets' }).click();
  await gen.getByRole('textbox', { name: 'Topic' }).fill(`Pocket gadgets for travellers ${suffix}`);
  await gen.getByRole('combobox', { name: 'Length' }).click();
  await page.getByRole('option', { name: /Short/ }).click();
  await gen.getByRole('button', { name: 'Generate post' }).click();
  await expect(page.getByText('Post generated')).toBeVisible({ timeout: 120_000 });
  await expect(gen).toBeHidden();
  const table = page.getByRole('table', { name: 'Blog posts' });
  await expect(table.getByRole('row')).toHaveCount(existing + 2);
  await snapBoth(page, 'admin-dashboard');

  await page.getByLabel('Search posts by title').fill('no such post anywhere');
  await expect(page.getByText('No posts match your filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const [post] = (await (await page.request.get('/api/workspace/posts')).json()).posts as { title: string }[];
  await table.getByRole('checkbox', { name: `Select ${post.title}` }).check();
  await page.getByRole('button', { name: 'Delete (1)' }).click();
  await page.getByRole('alertdialog', { name: 'Delete 1 post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 post deleted')).toBeVisible();

  // Users: every workspace, and a plan change.
  await nav.getByRole('link', { name: 'Manage Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: /^All Workspaces \(\d+\)$/ })).toBeVisible();
  const users = page.getByRole('table', { name: 'Workspaces' });
  const row = users.getByRole('row', { name: new RegExp(owner.workspace.name) });
  await expect(row).toBeVisible();
  await expect(row.getByText(owner.workspace.slug, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Beta Testing Instructions' })).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(page.getByRole('link', { name: `${origin}/signup (opens in a new tab)` })).toBeVisible();
  await row.getByRole('combobox', { name: `Plan for ${owner.workspace.name}` }).click();
  await page.getByRole('option', { name: 'Professional' }).click();
  await expect(page.getByText('Plan updated')).toBeVisible();
  await expect(row.getByRole('combobox', { name: `Plan for ${owner.workspace.name}` })).toHaveText(/Professional/);
  const after = (await (await page.request.get('/api/admin/workspaces')).json()).workspaces as { id: number; planTier: string }[];
  expect(after.find((w) => w.id === owner.workspace.id)?.planTier).toBe('professional');
  expect((await (await owner.page.request.get('/api/workspace')).json()).workspace.planTier).toBe('professional');
  await snapBoth(page, 'admin-users');

  // All posts across workspaces.
  await page.goto('/admin/all-posts');
  await expect(page.getByText(/posts across all workspaces$/)).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await owner.page.context().close();
});

test('admin: categories add, edit and delete', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const name = `Travel Gear ${suffix}`;
  const slug = `travel-gear-${suffix}`;
  await adminLogin(page);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Categories', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Category Management' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' }).last()).toHaveAttribute('href', '/admin/dashboard');

  await page.getByRole('button', { name: 'Add Category' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add Category' });
  await add.getByRole('button', { name: 'Add Category' }).click();
  await expect(add.getByText('Slug is required')).toBeVisible();
  // The first field in error takes the focus (on the next frame): wait for it, so typing goes to Name.
  await expect(add.getByLabel('Slug')).toBeFocused();
  await add.getByLabel('Name').fill(name);
  await expect(add.getByLabel('Slug')).toHaveValue(slug);
  await add.getByLabel('Description').fill('Bags, chargers and adapters');
  await add.getByRole('textbox', { name: 'Color' }).fill('#0EA5E9');
  await snapBoth(page, 'admin-category-dialog');
  await add.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText('Category created successfully')).toBeVisible();
  const table = page.getByRole('table', { name: 'Categories' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText(slug, { exact: true })).toBeVisible();
  await expect(row.getByText('#0ea5e9')).toBeVisible();

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(edit.getByLabel('Slug')).toBeDisabled();
  await edit.getByLabel('Name').fill(`${name} Pro`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Category updated successfully')).toBeVisible();
  const edited = table.getByRole('row', { name: new RegExp(`${name} Pro`) });
  await expect(edited.getByText(slug, { exact: true })).toBeVisible();
  await snapBoth(page, 'admin-categories');

  await edited.getByRole('button', { name: `Delete ${name} Pro` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure? This will not delete posts in this category.' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Category deleted')).toBeVisible();
  await expect(table.getByText(slug, { exact: true })).toHaveCount(0);
});

test('admin: media library upload and delete', async ({ page }) => {
  await adminLogin(page);
  await page.goto('/admin/media-library');
  await expect(page.getByRole('heading', { level: 1, name: 'Media Library' })).toBeVisible();
  await page.request.get('/api/workspace');
  const before = ((await (await page.request.get('/api/workspace/media')).json()).items as unknown[]).length;
  await expect(page.getByText(`${before}/40 images`)).toBeVisible();
  if (before === 0) await expect(page.getByText('No images yet')).toBeVisible();

  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'e2e-sunrise.png', mimeType: 'image/png', buffer: png(96, 96, [249, 115, 22], [79, 70, 229]) });
  await expect(page.getByText('Success')).toBeVisible();
  await expect(page.getByText(`${before + 1}/40 images`)).toBeVisible();
  await input.setInputFiles({ name: 'e2e-ocean.png', mimeType: 'image/png', buffer: png(96, 96, [16, 185, 129], [14, 165, 233]) });
  await expect(page.getByText(`${before + 2}/40 images`)).toBeVisible();
  const grid = page.getByRole('list', { name: 'Images' });
  await expect(grid.getByText('e2e-sunrise.png')).toBeVisible();
  await expect(grid.getByText(/^\d+(\.\d)? (B|KB)/).first()).toBeVisible();

  // A text file is refused before any upload.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid file type')).toBeVisible();
  await snapBoth(page, 'admin-media-library');

  // The delete button shows on hover.
  const card = grid.getByRole('listitem').filter({ hasText: 'e2e-sunrise.png' }).first();
  await card.hover();
  await card.getByRole('button', { name: 'Delete e2e-sunrise.png' }).click();
  await page.getByRole('alertdialog', { name: 'Are you sure you want to delete this image?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${before + 1}/40 images`)).toBeVisible();
  await expect(grid.getByText('e2e-sunrise.png')).toHaveCount(0);
});

test('admin: schedule a post, bulk schedule 3, delete one', async ({ page }) => {
  const suffix = Date.now().toString(36);
  await adminLogin(page);
  await ensureCategory(page, 'gadgets', 'Gadgets');
  await page.goto('/admin/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Post Scheduler' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' }).last()).toBeVisible();
  const before = await scheduledCount(page.request);
  if (before === 0) await expect(page.getByText('No scheduled posts yet')).toBeVisible();

  // One post: a topic is needed unless 'Generate random topic' is ticked.
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Gadgets' }).click();
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByText('Please enter a topic')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Generate random topic' }).check();
  await expect(page.getByRole('textbox', { name: 'Topic' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Generate random topic' }).uncheck();
  const topic = `Charging gear for long trips ${suffix}`;
  await page.getByRole('textbox', { name: 'Topic' }).fill(topic);
  await page.getByRole('combobox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await page.getByLabel('Schedule For').fill(`${nextYear()}T09:30`);
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByText('Post scheduled')).toBeVisible();
  const table = page.getByRole('table', { name: 'Scheduled posts' });
  const row = table.getByRole('row', { name: new RegExp(topic) });
  await expect(row.getByText('Weekly')).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText('Topic', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Retry/ })).toHaveCount(0);

  // Bulk: validation first, then 3 posts from a base title.
  await page.getByRole('button', { name: 'Bulk Schedule' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk Schedule' });
  await expect(bulk.getByLabel('Number of posts')).toHaveValue('30');
  await bulk.getByRole('button', { name: 'Schedule posts' }).click();
  await expect(page.getByText('Topic required')).toBeVisible();
  await expect(page.getByText('Please enter a base topic or title')).toBeVisible();
  const base = `Travel tech ${suffix}`;
  await bulk.getByLabel('Base topic').fill(base);
  await bulk.getByRole('button', { name: 'Schedule posts' }).click();
  await expect(page.getByText('Please select a start date')).toBeVisible();
  await bulk.getByLabel('Start date').fill(nextYear(7));
  await bulk.getByLabel('Number of posts').fill('31');
  await bulk.getByRole('button', { name: 'Schedule posts' }).click();
  await expect(page.getByText('Please enter between 1 and 30 posts')).toBeVisible();
  await bulk.getByLabel('Number of posts').fill('3');
  await expect(bulk.getByText(/^3 posts: /)).toBeVisible();
  await snapBoth(page, 'admin-bulk-schedule');
  await bulk.getByRole('button', { name: 'Schedule posts' }).click();
  await expect(page.getByText('Posts scheduled!')).toBeVisible();
  await expect(bulk).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(base) })).toHaveCount(3);
  expect(await scheduledCount(page.request)).toBe(before + 4);

  // Bulk items are one a day, frequency once, pending.
  const items = (await (await page.request.get('/api/workspace/scheduled')).json()).items as { topic: string; scheduledFor: string; frequency: string; status: string }[];
  const bulkItems = items.filter((i) => i.topic === base);
  expect(bulkItems.map((i) => i.frequency)).toEqual(['once', 'once', 'once']);
  expect(new Date(bulkItems[1].scheduledFor).getTime() - new Date(bulkItems[0].scheduledFor).getTime()).toBe(24 * 3600 * 1000);
  await snapBoth(page, 'admin-schedule');

  // Delete one after a confirmation.
  await table.getByRole('row', { name: new RegExp(base) }).first().getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog', { name: 'Are you sure you want to delete this scheduled post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Scheduled post deleted')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(base) })).toHaveCount(2);
  expect(await scheduledCount(page.request)).toBe(before + 3);
});

test("owner: /admin/users says 'Access Denied' and lands on /dashboard", async ({ browser }) => {
  const { page } = await newOwner(browser, 'Nosy Owner');
  await page.goto('/admin/users');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText('You must be an admin to access this page')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.context().close();
});

test('visitors are sent from the admin pages to /admin/login', async ({ page }) => {
  for (const path of ['/admin/users', '/admin/schedule', '/admin/categories', '/admin/media-library']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login\?next=/);
  }
});
