import { expect, test } from './fixtures';
import { closeToasts, desktop, phone, signUp, snapBoth, uniqueEmail } from './helpers';

// Generation is a background job: the dialog follows it, and the dashboard lists it under "Recent
// generations" whether or not anyone stayed to watch.

interface Job {
  id: number;
  status: string;
  topic: string;
  postId: number | null;
}

test('jobs: a generated post is listed under Recent generations after leaving the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(desktop);
  await signUp(page, 'Jules Background', uniqueEmail('jobs'));
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Posts this month')).toBeVisible();
  // No job yet: no card.
  await expect(page.getByRole('list', { name: 'Recent generations' })).toHaveCount(0);

  const topic = `Working from a camper van ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Generate post', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Generate a new post' });
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveText(/General/);
  await dialog.getByRole('textbox', { name: 'Topic' }).fill(topic);
  await dialog.getByRole('combobox', { name: 'Length' }).click();
  await page.getByRole('option', { name: /Short/ }).click();
  await dialog.getByRole('button', { name: 'Generate post' }).click();

  // The job's stage while it runs, or its result: the built-in writer answers in milliseconds.
  const stage = dialog.getByText(/^(Sending your request…|Waiting for a free writer…|Writing the article…|Drawing the cover…|Saving…)$/);
  await expect(stage.or(page.getByText('Post generated')).first()).toBeVisible();
  await expect(page.getByText('Post generated')).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();

  const jobs = (await (await page.request.get('/api/workspace/jobs')).json()).jobs as Job[];
  const job = jobs.find((j) => j.topic === topic);
  expect(job?.status).toBe('succeeded');
  expect(job?.postId).toBeTruthy();

  // Leave for the blog, where the post is, then come back to the dashboard.
  const ws = await (await page.request.get('/api/workspace')).json();
  const post = (await (await page.request.get(`/api/workspace/posts/${job?.postId}`)).json()).post as { title: string };
  await page.goto(`/blog/${ws.workspace.slug}`);
  await expect(page.getByRole('link', { name: post.title })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const list = page.getByRole('list', { name: 'Recent generations' });
  const row = list.getByRole('listitem').filter({ hasText: topic });
  await expect(row).toBeVisible();
  await expect(row.getByText('Done', { exact: true })).toBeVisible();
  const open = row.getByRole('link', { name: /^Open post/ });
  await expect(open).toHaveAttribute('href', `/dashboard/posts/${job?.postId}`);
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);

  // Usable on a phone: the row and its link fit, nothing scrolls sideways.
  await closeToasts(page);
  await page.setViewportSize(phone);
  await open.scrollIntoViewIfNeeded();
  await expect(open).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await snapBoth(page, 'jobs-recent-generations');

  // Open post goes to the post's own screen.
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/posts/${job?.postId}$`));
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(post.title);
});
