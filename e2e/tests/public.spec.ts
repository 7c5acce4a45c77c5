import { expect, test, type Page } from './fixtures';
import { closeToasts, desktop, phone, snap, uniqueEmail } from './helpers';

for (const [label, viewport] of [['phone', phone], ['desktop', desktop]] as const) {
  test.describe(`public pages at ${label} width`, () => {
    test.use({ viewport });

    test('home shows categories, trending and latest posts', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByText('Insights for the Modern Generation').first()).toBeVisible();
      await expect(page.getByText('TRENDING NOW')).toBeVisible();
      await expect(page.getByText('LATEST POSTS')).toBeVisible();
      await expect(page.locator('a[href="/keto"]').first()).toBeAttached();
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', /\/feed\.xml$/);
      await snap(page, `home-${label}`);
    });

    test('category page lists its posts and links its feed', async ({ page }) => {
      await page.goto('/keto');
      await expect(page.getByRole('heading', { name: 'Keto', level: 1 })).toBeVisible();
      await expect(page.locator('a[href="/keto/feed.xml"]').first()).toBeAttached();
      await expect(page.locator('a[href^="/keto/"]:not([href$="feed.xml"])').first()).toBeVisible();
      await snap(page, `category-${label}`);
      await page.goto('/no-such-category');
      await expect(page.getByText(/Category not found|Oops! Page not found/)).toBeVisible();
    });

    test('post page shows share links and related posts', async ({ page }) => {
      await page.goto('/keto');
      const first = page.locator('a[href^="/keto/"]:not([href$="feed.xml"])').first();
      const href = await first.getAttribute('href');
      await page.goto(href!);
      await expect(page.getByText('Share this post')).toBeVisible();
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical).toMatch(new RegExp(`${href}$`));
      const enc = encodeURIComponent(canonical!);
      await expect(page.locator(`a[href*="twitter.com/intent/tweet"][href*="${enc}"]`)).toBeAttached();
      await expect(page.locator(`a[href*="linkedin.com/sharing/share-offsite"][href*="${enc}"]`)).toBeAttached();
      await expect(page.locator(`a[href*="facebook.com/sharer/sharer.php"][href*="${enc}"]`)).toBeAttached();
      await expect(page.getByText('Related Posts')).toBeVisible();
      await expect(page.getByText(/Back to Keto/)).toBeVisible();
      await snap(page, `post-${label}`);
    });
  });
}

async function subscribe(page: Page, email: string) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Subscribe' }) }).first();
  await form.getByRole('textbox').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  return form;
}

for (const [label, viewport] of [['phone', phone], ['desktop', desktop]] as const) {
  test(`newsletter subscribe, then the same address again, at ${label} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/about');
    const email = uniqueEmail('reader');
    const form = await subscribe(page, email);
    await expect(page.getByText('Success!')).toBeVisible();
    await expect(page.getByText('Check your inbox to confirm your subscription.')).toBeVisible();
    await expect(form.getByRole('textbox')).toHaveValue('');
    await snap(page, `newsletter-${label}`);
    // A known address gets the same answer: the page never tells who is on the list.
    await closeToasts(page);
    await subscribe(page, email.toUpperCase());
    await expect(page.getByText('Check your inbox to confirm your subscription.')).toBeVisible();
    await expect(page.getByText('Already subscribed')).toHaveCount(0);
  });
}

test('all posts loads more on demand', async ({ page }) => {
  await page.goto('/posts');
  const cards = page.locator('article');
  await expect(cards.first()).toBeVisible();
  const before = await cards.count();
  expect(before).toBeGreaterThan(0);
  expect(before).toBeLessThanOrEqual(12);
});
