import { expect, test, type Page } from './fixtures';
import { adminLogin, desktop, signUp, snapBoth, uniqueEmail } from './helpers';

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  await page.request.get('/api/auth/me');
  const token = (await page.context().cookies()).find((c) => c.name === 'inkpress_csrf')?.value ?? '';
  return { 'X-CSRF-Token': token };
}

test('owner: custom domain in settings (upgrade note, records, check, remove)', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(desktop);
  await signUp(page, 'Domain Owner', uniqueEmail('domain-owner'));
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const { workspace } = await (await page.request.get('/api/workspace')).json();

  // Starter: the upgrade note, no form.
  await page.goto('/dashboard/settings');
  await expect(page.getByText('Custom domains are available on the Professional and Agency plans.')).toBeVisible();
  await expect(page.getByLabel('Domain', { exact: true })).toHaveCount(0);

  // The admin moves the workspace to Professional.
  const adminPage = await (await browser.newContext()).newPage();
  await adminLogin(adminPage);
  const res = await adminPage.request.put(`/api/admin/workspaces/${workspace.id}/plan`, {
    headers: await csrfHeaders(adminPage),
    data: { planTier: 'professional' },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.reload();
  const name = `blog-${Date.now().toString(36)}.example.com`;
  await page.getByLabel('Domain', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save domain' }).click();
  await expect(page.getByText('Custom domain saved')).toBeVisible();
  await expect(page.getByLabel('Status: Pending')).toBeVisible();
  const records = page.getByRole('table', { name: 'DNS records to create' });
  await expect(records.getByText(`_inkpress.${name}`)).toBeVisible();
  await expect(records.getByText(/^inkpress-verify=[0-9a-f]{32}$/)).toBeVisible();
  await snapBoth(page, 'domain-pending');

  // No such record exists: the check fails and says why.
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByLabel('Status: Failed')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: `_inkpress.${name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Remove domain' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove custom domain?' });
  await dialog.getByRole('button', { name: 'Remove domain' }).click();
  await expect(page.getByText('Custom domain removed')).toBeVisible();
  await expect(page.getByLabel('Domain', { exact: true })).toBeVisible();
});
