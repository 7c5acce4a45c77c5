import { expect, type Page } from '@playwright/test';

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 900 };

/** A unique e-mail per test run, so tests never collide on the shared database. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
}

/** Saves a full-page screenshot as a test artifact under e2e/artifacts/. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `artifacts/${name}.png`, fullPage: true });
}

export async function signUp(page: Page, name: string, email: string, password = 'secret123'): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign up|create/i }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
}
