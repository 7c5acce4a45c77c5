import { expect, test } from './fixtures';
import { adminLogin, snapBoth, uniqueEmail } from './helpers';

// Readers without JavaScript: the newsletter card is a real form that signs them up and answers a page.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the newsletter form signs the reader up and links back to the page', async ({ page }) => {
    await page.goto('/keto');
    const form = page.getByRole('form', { name: 'Newsletter signup' });
    await form.getByLabel('Email address').fill(uniqueEmail('nojs'));
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/api\/subscribers\/form$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible();
    await expect(page.getByText('Check your inbox to confirm your subscription.')).toBeVisible();
    await snapBoth(page, 'newsletter-nojs-success');
    await page.getByRole('link', { name: /^Back to / }).click();
    await expect(page).toHaveURL(/\/keto$/);
  });
});

// Deleting a category asks where its posts go (the demo's keto has posts; the dialog is left unanswered).
test('deleting a category with posts asks which category they move to', async ({ page }) => {
  await adminLogin(page);
  await page.goto('/admin/categories');
  await page.getByRole('table', { name: 'Categories' }).getByRole('button', { name: 'Delete Keto' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure? This will not delete posts in this category.' });
  await expect(dialog.getByText(/^“Keto” has \d+ posts?/)).toBeVisible();
  const choice = dialog.getByRole('combobox', { name: 'Move its posts to' });
  await expect(choice).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeEnabled();
  await snapBoth(page, 'category-delete-move');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
