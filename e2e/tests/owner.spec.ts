import { expect, test, type Page } from './fixtures';
import { desktop, phone, signUp, snap, uniqueEmail } from './helpers';

/** Screenshots at phone and desktop widths, then back to the desktop. */
async function snapBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(phone);
  await page.waitForTimeout(150);
  await snap(page, `${name}-phone`);
  await page.setViewportSize(desktop);
  await page.waitForTimeout(150);
  await snap(page, `${name}-desktop`);
}

interface Summary {
  id: number;
  title: string;
  url: string;
  coverImageUrl: string;
  category: string;
}

async function ownerPosts(page: Page): Promise<Summary[]> {
  const res = await page.request.get('/api/workspace/posts');
  expect(res.ok()).toBe(true);
  return (await res.json()).posts as Summary[];
}

test('owner: onboarding, generate with an AI cover, blog and feed, edit, share kit, delete', async ({ page, context }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(desktop);
  const suffix = Date.now().toString(36);
  await signUp(page, 'Olivia Writer', uniqueEmail('owner-flow'));

  // Step 1: blog name is required.
  await expect(page.getByRole('heading', { name: 'Name your blog' })).toBeVisible();
  await page.getByLabel('Blog name').fill('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter a blog name')).toBeVisible();
  const blogName = `Olivia Cooks ${suffix}`;
  await page.getByLabel('Blog name').fill(blogName);
  await page.getByLabel('Description').fill('Quick recipes and kitchen notes.');
  await snapBoth(page, 'owner-onboarding-1');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: at least one category; suggested plus custom (Enter adds, no duplicates).
  await expect(page.getByRole('heading', { name: 'Pick your categories' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select or create at least one category')).toBeVisible();
  await page.getByRole('button', { name: /^Marketing/ }).click();
  await expect(page.getByRole('button', { name: /^Marketing/ })).toHaveAttribute('aria-pressed', 'true');
  const custom = page.getByLabel('Custom category');
  await custom.fill('Home Office');
  await custom.press('Enter');
  await custom.fill('home office');
  await custom.press('Enter');
  const customs = page.getByRole('list', { name: 'Your custom categories' });
  await expect(customs.getByRole('listitem')).toHaveCount(1);
  await expect(customs).toContainText('Home Office');
  await expect(page.getByText('2/4 selected')).toBeVisible();
  await snapBoth(page, 'owner-onboarding-2');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: colour scheme and font with a live preview; Back goes one step down.
  await expect(page.getByRole('heading', { name: 'Make it yours' })).toBeVisible();
  await page.getByRole('radio', { name: 'Emerald Green' }).check();
  await page.getByRole('radio', { name: 'Merriweather' }).check();
  await expect(page.getByRole('figure', { name: 'Live preview of your blog' }).first()).toContainText(blogName);
  await snapBoth(page, 'owner-onboarding-3');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Pick your categories' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete setup' }).click();

  // Step 4: done, with buttons to the dashboard and to My Posts.
  await expect(page.getByRole('heading', { name: 'Your blog is ready!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View My Posts' })).toHaveAttribute('href', '/dashboard/posts');
  await snapBoth(page, 'owner-onboarding-4');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();

  // Dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Posts this month')).toBeVisible();
  await expect(page.getByText('Current plan')).toBeVisible();
  const ws = await (await page.request.get('/api/workspace')).json();
  const slug: string = ws.workspace.slug;
  await expect(page.getByText(`/blog/${slug}/feed.xml`)).toBeVisible();
  await snapBoth(page, 'owner-dashboard');

  // Generate dialog: required fields first.
  await page.getByRole('button', { name: 'Generate post', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Generate a new post' });
  await expect(dialog).toBeVisible();
  await snapBoth(page, 'owner-generate-dialog');
  await dialog.getByRole('button', { name: 'Generate post' }).click();
  await expect(page.getByText('Missing fields')).toBeVisible();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Home Office' }).click();
  await dialog.getByRole('textbox', { name: 'Topic' }).fill(`Standing desks for small apartments ${suffix}`);
  await dialog.getByLabel('Keywords').fill('ergonomics, small spaces');
  await dialog.getByRole('combobox', { name: 'Length' }).click();
  await page.getByRole('option', { name: /Short/ }).click();
  await dialog.getByRole('radio', { name: 'AI generated' }).check();
  await dialog.getByRole('button', { name: 'Generate post' }).click();
  await expect(page.getByText('Post generated')).toBeVisible({ timeout: 150_000 });
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Posts this month')).toBeVisible();

  const [post] = await ownerPosts(page);
  expect(post.title).toBeTruthy();
  expect(post.category).toBe('home-office');
  expect(post.coverImageUrl, 'the AI cover was drawn').toBeTruthy();

  // The post is on the public blog and in its feed.
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('link', { name: post.title })).toBeVisible();
  const feed = await page.request.get(`/blog/${slug}/feed.xml`);
  expect(feed.ok()).toBe(true);
  const xml = await feed.text();
  const escaped = post.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  expect(xml.includes(post.title) || xml.includes(escaped)).toBe(true);

  // My Posts: edit the title.
  await page.goto('/dashboard/posts');
  await expect(page.getByRole('heading', { name: 'My Posts' })).toBeVisible();
  await page.getByRole('link', { name: `Edit ${post.title}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts\/\d+$/);
  const titleBox = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(titleBox).toHaveValue(post.title);
  const newTitle = `Edited standing desks ${suffix}`;
  await titleBox.fill(newTitle);
  await page.getByRole('textbox', { name: 'Tags', exact: true }).fill('desks, home office, ergonomics');
  await page.getByRole('region', { name: 'Status & publishing' }).getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Post updated')).toBeVisible();
  await page.goto('/dashboard/posts');
  await expect(page.getByRole('cell', { name: newTitle, exact: true })).toBeVisible();
  await snapBoth(page, 'owner-my-posts');

  // Share kit: copy shows 'Copied!'.
  await page.getByRole('button', { name: `Share ${newTitle}` }).click();
  const kit = page.getByRole('dialog', { name: 'Share kit' });
  await expect(kit.getByRole('tab', { name: 'X' })).toHaveAttribute('aria-selected', 'true');
  await expect(kit.getByRole('textbox')).toHaveValue(new RegExp(newTitle));
  await expect(kit.getByText(/\/ 280 characters/)).toBeVisible();
  await kit.getByRole('tab', { name: 'LinkedIn' }).click();
  await expect(kit.getByText(/\/ 3,000 characters/)).toBeVisible();
  await expect(kit.getByText('Good')).toBeVisible();
  await kit.getByRole('button', { name: 'Copy' }).click();
  await expect(kit.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(newTitle);
  expect(copied).toContain(`/blog/${slug}/home-office/`);
  await snapBoth(page, 'owner-share-kit');
  await page.keyboard.press('Escape');
  await expect(kit).toBeHidden();

  // Delete it.
  await page.getByRole('button', { name: `Delete ${newTitle}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this post?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted')).toBeVisible();
  await expect(page.getByText('No posts yet. Create your first one!')).toBeVisible();
  expect(await ownerPosts(page)).toHaveLength(0);
});

test('owner: Skip for now lands on the dashboard with the General category', async ({ page }) => {
  await page.setViewportSize(desktop);
  await signUp(page, 'Sam Skipper', uniqueEmail('owner-skip'));
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const cats = await (await page.request.get('/api/workspace/categories')).json();
  expect(cats.categories.map((c: { slug: string }) => c.slug)).toContain('general');

  // The generate dialog offers it (and picks it, as the only category).
  await page.getByRole('button', { name: 'Generate post', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Generate a new post' });
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveText(/General/);

  // An empty My Posts page.
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/posts');
  await expect(page.getByText('No posts yet. Create your first one!')).toBeVisible();
  await page.getByLabel('Search posts by title').fill('nothing here');
  await expect(page.getByText('No posts match your filters.')).toBeVisible();
});
