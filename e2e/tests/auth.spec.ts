import { expect, test } from './fixtures';
import { desktop, phone, signUp, snap, uniqueEmail } from './helpers';

test('sign up lands on onboarding; log out; log in shows DASHBOARD', async ({ page }) => {
  await page.setViewportSize(desktop);
  const email = uniqueEmail('owner');
  await signUp(page, 'Casey Writer', email);
  await snap(page, 'onboarding-after-signup');

  await page.goto('/');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'LOGIN' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'DASHBOARD', exact: true })).toBeVisible();
  await snap(page, 'home-signed-in-desktop');
});

test('wrong password shows the login failure toast', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@e2e.test');
  await page.getByLabel('Password').fill('wrong-pass');
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
});

test('admin login lands on the admin dashboard', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByText('Admin Login')).toBeVisible();
  await page.getByLabel('Email').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('admin-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'ADMIN', exact: true })).toBeVisible();
});

test('unknown route shows the 404 page with status 404', async ({ page }) => {
  const resp = await page.goto('/this/route/does-not-exist');
  expect(resp?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('side panel opens and closes on a phone', async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  await snap(page, 'side-panel-phone');
  await panel.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
