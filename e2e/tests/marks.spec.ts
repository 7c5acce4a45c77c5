import { expect, test } from './fixtures';
import { signUp, snapBoth, uniqueEmail } from './helpers';

// A blog whose owner uploaded nothing wears marks drawn from its name and colour: the tab icon, the
// home-screen icon and the sharing card are its own, and the platform's icon is not in its pages.
test("a fresh blog's tab icon and sharing card are its own", async ({ page }) => {
  await signUp(page, `Rosa ${Date.now()}`, uniqueEmail('marks'));
  const csrf = (await page.context().cookies()).find((c) => c.name === 'inkpress_csrf')?.value ?? '';
  const resp = await page.request.post('/api/onboarding', {
    data: {
      blogTitle: 'Rosa Runs Far', blogDescription: 'Trail notes',
      categories: [{ name: 'Trails', slug: 'trails', colorHex: '#f43f5e', description: 'Trails articles' }],
      primaryColor: '#f43f5e', fontFamily: 'Inter',
    },
    headers: { 'X-CSRF-Token': csrf },
  });
  expect(resp.ok()).toBeTruthy();
  const ws = (await (await page.request.get('/api/auth/me')).json()).workspace.slug as string;

  await page.goto(`/blog/${ws}`);
  await expect(page).toHaveTitle('Rosa Runs Far');
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveCount(1);
  await expect(icon).toHaveAttribute('href', new RegExp(`/blog/${ws}/icon-32\\.png\\?v=`));
  await expect(page.locator('link[href="/favicon.svg"]')).toHaveCount(0);
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const card = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(card).toMatch(new RegExp(`/blog/${ws}/card\\.png\\?v=`));
  await snapBoth(page, 'marks-blog-home');

  // The images themselves, as a browser shows them.
  for (const [url, name] of [[card, 'marks-card'], [touch, 'marks-touch-icon']] as const) {
    const img = await page.request.get(url!);
    expect(img.headers()['content-type']).toBe('image/png');
    await page.goto(url!);
    await snapBoth(page, name);
  }
});
