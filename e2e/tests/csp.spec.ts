import { expect, test } from './fixtures';

test('pages send a CSP that blocks injected inline scripts, and the guard sees it', async ({ page, cspViolations }) => {
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("object-src 'none'");
  await expect(page.getByText('LATEST POSTS')).toBeVisible();
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.injected = true';
    document.body.append(s);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  cspViolations.length = 0; // provoked on purpose
});

test('a post page with JSON-LD renders without a CSP violation', async ({ page }) => {
  await page.goto('/keto');
  const href = await page.locator('a[href^="/keto/"]:not([href$="feed.xml"])').first().getAttribute('href');
  await page.goto(href!);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  await expect(page.getByText('Share this post')).toBeVisible();
});
