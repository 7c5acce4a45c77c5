import { expect, test } from './fixtures';
import { closeToasts, desktop, phone, signUp, snap, uniqueEmail } from './helpers';

// The blog's address is the owner's choice: onboarding proposes one from the blog's name and checks it as the owner
// types; Settings changes it later; the former address then answers 301 to the new one.

for (const [label, size] of [['phone', phone], ['desktop', desktop]] as const) {
  test(`blog address: chosen in onboarding, changed in settings, the old one redirects (${label})`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const id = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    await signUp(page, 'Address Owner', uniqueEmail(`address-${label}`));

    // ---- Onboarding: the proposal follows the blog's name; an address written by hand is checked ----
    const name = page.getByLabel('Blog name');
    const address = page.getByLabel('Blog address');
    await name.fill(`Quiet Desk ${id}`);
    await expect(address).toHaveValue(`quiet-desk-${id}`);
    await expect(page.getByText('Available', { exact: true })).toBeVisible();
    await address.fill('admin');
    await expect(page.getByText('The address "admin" is reserved: please choose another one')).toBeVisible();
    await address.fill(`desk-${id}`);
    await expect(page.getByText('Available', { exact: true })).toBeVisible();
    await snap(page, `address-onboarding-${label}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: /^Travel/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Complete setup' }).click();
    await expect(page.getByRole('heading', { name: 'Your blog is ready!' })).toBeVisible();
    expect((await request.get(`/blog/desk-${id}`)).status()).toBe(200);

    // ---- Settings: a taken address is refused as typed; a free one is saved ----
    await page.goto('/dashboard/settings');
    const field = page.getByLabel('Blog address');
    await expect(field).toHaveValue(`desk-${id}`);
    await field.fill('site');
    await expect(page.getByText('The address "site" is reserved: please choose another one')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save address' })).toBeDisabled();
    await field.fill(`moved-${id}`);
    await expect(page.getByText('Available', { exact: true })).toBeVisible();
    await page.locator('xpath=//form[.//input[@id="settings-address"]]/../..').screenshot({ path: `artifacts/address-settings-${label}.png` });
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await closeToasts(page);

    // ---- The former address answers 301 to the same page at the new one, and a reader lands there ----
    const moved = await request.get(`/blog/desk-${id}/travel?page=2`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(new URL(moved.headers().location).pathname + new URL(moved.headers().location).search).toBe(`/blog/moved-${id}/travel?page=2`);
    const feed = await request.get(`/blog/desk-${id}/feed.xml`, { maxRedirects: 0 });
    expect(feed.status()).toBe(301);
    await page.goto(`/blog/desk-${id}`);
    await expect(page).toHaveURL(new RegExp(`/blog/moved-${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Quiet Desk ${id}` })).toBeVisible();
    await snap(page, `address-followed-${label}`);
  });
}
