import { expect, test, type Page } from './fixtures';
import { closeToasts, desktop, signUp, snapBoth, uniqueEmail } from './helpers';
import { linkIn, waitForMail } from './outbox';

// The whole newsletter loop on a workspace blog, with e-mails read back from the server's outbox
// folder (the e2e server has no SMTP server): subscribe, confirm from the e-mail, see the reader in the
// owner's list, publish, find the post's e-mail, unsubscribe from it.

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  await page.request.get('/api/auth/me');
  const token = (await page.context().cookies()).find((c) => c.name === 'inkpress_csrf')?.value ?? '';
  return { 'X-CSRF-Token': token };
}

interface WorkspaceAnswer {
  workspace: { slug: string; name: string };
  settings: { blogTitle: string; newsletterEnabled: boolean };
  mail: { sending: boolean; verified: boolean };
}

async function workspace(page: Page): Promise<WorkspaceAnswer> {
  const res = await page.request.get('/api/workspace');
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as WorkspaceAnswer;
}

/**
 * Newsletters wait for a verified owner: opens the link of the verification e-mail sent at sign-up
 * and waits until the workspace says the address is verified.
 */
async function verifyOwner(page: Page, email: string): Promise<void> {
  if ((await workspace(page)).mail.verified) return;
  const mail = await waitForMail(email, '');
  await page.goto(linkIn(mail, 'token='));
  await expect.poll(async () => (await workspace(page)).mail.verified, { timeout: 30_000, message: 'the owner is verified' }).toBe(true);
}

/** A row of the Subscribers list (the table on desktops) holding `email`. */
function subscriberRow(page: Page, email: string) {
  return page.getByRole('table', { name: 'Subscribers' }).getByRole('row').filter({ hasText: email });
}

test('newsletter: subscribe, confirm from the e-mail, publish, receive the post, unsubscribe', async ({ page, browser }) => {
  // playwright.config.ts always sets it: a run without it is broken, not a reason to skip.
  expect(process.env.E2E_DATA_DIR, 'E2E_DATA_DIR (the outbox folder) is set by playwright.config.ts').toBeTruthy();
  test.setTimeout(240_000);
  await page.setViewportSize(desktop);

  // ---- The owner: a blog with a category and newsletters on ----
  const ownerEmail = uniqueEmail('newsletter-owner');
  await signUp(page, 'Nora Letters', ownerEmail);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const res = await page.request.post('/api/workspace/categories', {
    headers: await csrfHeaders(page),
    data: { slug: 'letters', name: 'Letters', description: 'Letters articles', colorHex: '#0ea5e9' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await verifyOwner(page, ownerEmail);

  await page.goto('/dashboard/settings');
  const enabled = page.getByRole('switch', { name: 'E-mail new posts to subscribers' });
  await expect(enabled).toBeVisible();
  if ((await enabled.getAttribute('aria-checked')) !== 'true') {
    await enabled.click();
    await expect(page.getByText('Your newsletter settings have been updated.')).toBeVisible();
  }
  await expect(enabled).toHaveAttribute('aria-checked', 'true');
  const ws = await workspace(page);
  expect(ws.settings.newsletterEnabled).toBe(true);
  const blogName = ws.settings.blogTitle || ws.workspace.name;

  // ---- A reader subscribes on the blog's card ----
  const readerContext = await browser.newContext({ viewport: desktop });
  const reader = await readerContext.newPage();
  const readerEmail = uniqueEmail('newsletter-reader');
  await reader.goto(`/blog/${ws.workspace.slug}`);
  const card = reader.locator('section').filter({ has: reader.getByRole('heading', { name: /Get fresh insights from .* in your inbox/ }) });
  await card.getByLabel('Email address').fill(readerEmail);
  await card.getByRole('button', { name: 'Subscribe' }).click();
  await expect(reader.getByText('Check your inbox to confirm your subscription.')).toBeVisible();

  // ---- The confirmation e-mail's link ----
  const confirmation = await waitForMail(readerEmail, '');
  const confirmLink = linkIn(confirmation, '/confirm?token=');
  expect(confirmLink).toContain(`/blog/${ws.workspace.slug}/confirm?token=`);
  await reader.goto(confirmLink);
  // opening the link does nothing (link scanners open them too): the button confirms
  await reader.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: `You're subscribed to ${blogName}` })).toBeVisible();

  // ---- The owner sees the reader as Confirmed ----
  await page.goto('/dashboard/subscribers');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();
  await expect(subscriberRow(page, readerEmail).getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Confirmed 1$/ })).toBeVisible();
  await snapBoth(page, 'newsletter-subscribers');

  // ---- A post, published with its e-mail ----
  const title = `Letters from the Coast ${Date.now().toString(36)}`;
  await page.goto('/dashboard/posts/new');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.type('Waves, gulls and a long walk on the sand.');
  await expect(page.getByRole('checkbox', { name: "E-mail this post to subscribers when it's published" })).toBeChecked();
  await page.getByRole('region', { name: 'Status & publishing' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Post published')).toBeVisible();
  await closeToasts(page);

  // ---- The post's e-mail (subject: its title) and its unsubscribe link ----
  const letter = await waitForMail(readerEmail, title, 120_000);
  expect(letter.headers['list-unsubscribe']).toBeTruthy();
  expect(letter.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const unsubscribeLink = linkIn(letter, '/unsubscribe?token=');
  // the post's e-mail says so on the desk
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Newsletter' })).toContainText('Sent to 1 subscriber', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  await reader.goto(unsubscribeLink);
  await reader.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(reader.getByRole('heading', { level: 1, name: `You've been unsubscribed from ${blogName}` })).toBeVisible();
  await expect(reader.getByText("You won't get any more e-mails from this list.")).toBeVisible();
  await snapBoth(reader, 'newsletter-unsubscribed');
  await readerContext.close();

  // ---- The owner's list says Unsubscribed ----
  await page.goto('/dashboard/subscribers');
  await page.getByRole('button', { name: /^Unsubscribed/ }).click();
  await expect(subscriberRow(page, readerEmail).getByText('Unsubscribed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Confirmed 0$/ })).toBeVisible();
});
