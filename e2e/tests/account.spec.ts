import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';
import { linkIn, waitForMail } from './outbox';

// Password reset end to end: the link is read from the outbox the mail
// worker writes without SMTP.
test('forgot password, reset from the e-mail, sign in with the new password', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('reset');
  await signUp(page, 'Rita Reset', email, 'old-pass1');
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText("If an account exists for that address, we've sent a link to reset your password.")).toBeVisible();

  const mail = await waitForMail(email, 'Reset your');
  expect(mail.body).toContain('1 hour');
  const link = linkIn(mail, '/reset-password');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('new-pass1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('new-pass1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('other-pass1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('other-pass1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('old-pass1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('new-pass1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/(onboarding|dashboard)$/);
});
