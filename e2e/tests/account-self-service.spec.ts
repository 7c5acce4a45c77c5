import { expect, test, type Page } from '@playwright/test';
import { closeToasts, desktop, phone, signUp, uniqueEmail } from './helpers';
import { waitForMail } from './outbox';

// Account self-service in the owner's settings: change the password, ask for
// the data export and download it, delete the account, and sign in again to
// restore it.
/** Screenshots the account's sections (password, data export, deletion) together. */
async function snapAccount(page: Page, name: string) {
  const top = await page.getByRole('form', { name: 'Password' }).locator('xpath=ancestor::div[contains(@class,"rounded")][1]').boundingBox();
  const bottom = await page.getByRole('heading', { name: 'Delete account' }).locator('xpath=ancestor::div[contains(@class,"rounded")][1]').boundingBox();
  if (!top || !bottom) throw new Error('account sections not found');
  const scroll = await page.evaluate(() => window.scrollY);
  await page.screenshot({
    path: `artifacts/${name}.png`, fullPage: true,
    clip: { x: 0, y: top.y + scroll - 8, width: page.viewportSize()!.width, height: bottom.y + bottom.height - top.y + 16 },
  });
}

async function settings(page: Page) {
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

test('change password, download my data, delete and restore the account', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('self');
  await signUp(page, 'Sam Self', email, 'old-pass1');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = await (await page.request.get('/api/auth/me')).json();
  const blogPath = `/blog/${me.workspace.slug}`;
  expect((await page.request.get(blogPath)).status()).toBe(200);

  // Change the password.
  await settings(page);
  const pw = page.getByRole('form', { name: 'Password' });
  await pw.getByLabel('Current password').fill('wrong-pass');
  await pw.getByLabel('New password', { exact: true }).fill('new-pass1');
  await pw.getByLabel('Repeat the new password').fill('new-pass1');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
  await pw.getByLabel('Current password').fill('old-pass1');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await waitForMail(email, 'password was changed');
  // Still signed in here.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Ask for the data, see it being prepared, then download it.
  const exportCard = page.locator('#data-export');
  await exportCard.getByRole('button', { name: 'Request my data' }).click();
  await expect(exportCard.getByText('Your archive is being prepared.')).toBeVisible();
  const link = exportCard.getByRole('link', { name: 'Download archive' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await waitForMail(email, 'data export is ready');
  await closeToasts(page);
  for (const [size, label] of [[phone, 'phone'], [desktop, 'desktop']] as const) {
    await page.setViewportSize(size);
    await snapAccount(page, `account-self-service-${label}`);
  }

  // Delete the account: the name must be typed exactly.
  await page.getByRole('button', { name: 'Delete account...' }).click();
  const dialog = page.getByRole('dialog');
  const name = await dialog.locator('label[for="delete-confirm"] span').innerText();
  expect(name).toBe("Sam Self's Blog");
  await dialog.getByLabel(/to confirm/).fill(name.toLowerCase());
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(name);
  await dialog.getByLabel('Current password').fill('new-pass1');
  for (const [size, label] of [[phone, 'phone'], [desktop, 'desktop']] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `artifacts/account-delete-dialog-${label}.png` });
  }
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await waitForMail(email, 'account was deleted');
  expect((await page.request.get(blogPath)).status()).toBe(404);
  expect((await page.request.get('/api/account')).status()).toBe(401);

  // Signing in within the grace restores it.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('new-pass1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Account restored')).toBeVisible();
  await expect(page).toHaveURL(/\/(dashboard|onboarding)$/);
  expect((await page.request.get(blogPath)).status()).toBe(200);
});
