import { expect, test } from './fixtures';
import { phone, signUp, snap, uniqueEmail } from './helpers';

// The desk on a 390 px phone: Save / Publish / Update stay on screen in a sticky bar wherever one is
// in the page, and the section tabs show that they scroll sideways.

test('desk on a phone: the sticky bar keeps the actions on screen; the tabs show they scroll', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, 'Pia Phone', uniqueEmail('phone'));
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.setViewportSize(phone);
  await page.goto('/dashboard/posts/new');

  const bar = page.getByRole('region', { name: 'Save and publish' });
  await expect(bar).toBeInViewport();
  await expect(bar.getByRole('button', { name: 'Save draft' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Publish' })).toBeVisible();

  // The tabs: more of them past the right edge, and once scrolled, before the left one.
  const tabs = page.getByRole('navigation', { name: 'Dashboard sections' });
  await expect(page.locator('[data-scroll-fade="end"]')).toBeVisible();
  await tabs.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(page.locator('[data-scroll-fade="start"]')).toBeVisible();
  await expect(page.locator('[data-scroll-fade="end"]')).toHaveCount(0);

  // Writing: the title at the top, the body below; the bar stays in view at each.
  const title = `Phone post ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await expect(bar).toBeInViewport();
  const body = page.getByRole('textbox', { name: 'Content', exact: true });
  await body.click();
  await page.keyboard.type('Written on the bus, published from the bar.');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 3));
  await expect(bar).toBeInViewport();
  await snap(page, 'desk-phone-bar');

  // Publishing from the bar; then it offers Update, which waits for a change.
  await bar.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Post published')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Update' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (edited)`);
  await bar.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Post updated')).toBeVisible();
  // Nothing on the screen is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  // Wide screens have the side panel beside the body: no bar there.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(bar).toBeHidden();
});
