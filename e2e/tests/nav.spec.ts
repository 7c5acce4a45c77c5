import { expect, test } from './fixtures';
import { desktop, snapBoth } from './helpers';

test.describe('reader navigation', () => {
  test.use({ viewport: desktop });

  test('a tag on a post leads to the tag page, which lists the post and links its feed', async ({ page }) => {
    await page.goto('/keto');
    const first = page.locator('a[href^="/keto/"]:not([href$="feed.xml"])').first();
    const href = (await first.getAttribute('href'))!;
    await page.goto(href);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    const tag = page.getByRole('list', { name: 'Tags' }).getByRole('link').first();
    const tagHref = (await tag.getAttribute('href'))!;
    expect(tagHref).toMatch(/^\/tag\/[a-z0-9-]+$/);
    const tagText = (await tag.textContent())!.trim();
    await tag.click();
    await expect(page).toHaveURL(new RegExp(`${tagHref}$`));
    await expect(page.getByRole('heading', { level: 1, name: tagText })).toBeVisible();
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: `${tagText} RSS feed` })).toHaveAttribute('href', `${tagHref}/feed.xml`);
    // The tag's feed is a real feed of the same posts.
    const feed = await page.request.get(`${tagHref}/feed.xml`);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(`${href}</link>`);
    await snapBoth(page, 'nav-tag');
  });

  test('a search from the search page lists the matching posts, and words nobody wrote say so', async ({ page }) => {
    await page.goto('/keto');
    const title = (await page.locator('a[href^="/keto/"]:not([href$="feed.xml"])').first().textContent())!.trim();
    const words = title.split(/\s+/).filter((w) => /^[A-Za-z]{4,}$/.test(w)).slice(0, 2).join(' ');
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByText('Type a word or two to search the posts.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(words);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(words).replace(/%20/g, '(%20|\\+)')}$`));
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
    await snapBoth(page, 'nav-search');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('zzqxv nothing');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No posts match your search.')).toBeVisible();
  });

  test('the server pages a list for crawlers: rel next and prev, page 2 has its own canonical', async ({ page }) => {
    const res = await page.request.get('/posts');
    const html = await res.text();
    // The demo blog has 12 posts: one page of 24, so no next link.
    expect(html).not.toContain('rel="next"');
    expect((await page.request.get('/posts?page=2')).status()).toBe(404);
    const one = await page.request.get('/posts?page=1', { maxRedirects: 0 });
    expect(one.status()).toBe(301);
    expect(one.headers()['location']).toBe('/posts');
  });
});
