import { expect, test } from './fixtures';
import { closeToasts, png, signUp, snapBoth, uniqueEmail } from './helpers';

// An owner fills in their author profile and their blog's brand; readers then see the byline on
// the post and on its card, the author's page, the blog's name in the titles and its icon.
test('author profile, brand, byline and author page', async ({ page }) => {
  const name = `Olivia ${Date.now()}`;
  await signUp(page, name, uniqueEmail('identity'));
  const csrf = async () => (await page.context().cookies()).find((c) => c.name === 'inkpress_csrf')?.value ?? '';
  const call = async (method: 'post' | 'put', path: string, data: unknown) => {
    const resp = await page.request[method](path, { data, headers: { 'X-CSRF-Token': await csrf() } });
    expect(resp.ok(), `${path}: ${resp.status()} ${await resp.text()}`).toBeTruthy();
    return resp.json();
  };
  await call('post', '/api/onboarding', {
    blogTitle: 'Olivia Writes', blogDescription: 'Keto kitchen notes',
    categories: [{ name: 'Keto', slug: 'keto', colorHex: '#10b981', description: 'Keto articles' }],
    primaryColor: '#10b981', fontFamily: 'Inter',
  });
  const { post } = await call('post', '/api/workspace/posts', {
    title: 'Fat first: a week of keto breakfasts', category: 'keto', status: 'published',
    content: '<p>Why fat comes first, and seven breakfasts that prove it.</p><p>Eggs, avocado and more.</p>',
  });
  const me = await (await page.request.get('/api/auth/me')).json();
  const ws = me.workspace.slug as string;

  await page.goto('/dashboard/settings');
  // Author profile: name, bio, an avatar uploaded here, one link.
  const profile = page.locator('form[aria-labelledby="author-title"]');
  await profile.getByLabel('Display name').fill('Olivia Stone');
  await profile.getByLabel('Short bio').fill('Cooks keto for a family of four and writes down what works.');
  await profile.getByRole('group', { name: 'Avatar' }).locator('input[type="file"]').setInputFiles({
    name: 'olivia.png', mimeType: 'image/png', buffer: png(96, 96, [244, 63, 94], [251, 191, 36]),
  });
  await expect(profile.getByRole('img', { name: 'Current avatar' })).toBeVisible();
  await profile.getByRole('button', { name: 'Add link' }).click();
  await profile.getByRole('combobox', { name: 'Link 1 network' }).click();
  await page.getByRole('option', { name: 'GitHub' }).click();
  await profile.getByLabel('Link 1 address').fill('https://github.com/olivia');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Author profile saved')).toBeVisible();

  // Brand: an icon and a link.
  const brand = page.locator('form[aria-labelledby="brand-title"]');
  await brand.getByRole('group', { name: 'Icon' }).locator('input[type="file"]').setInputFiles({
    name: 'icon.png', mimeType: 'image/png', buffer: png(64, 64, [16, 185, 129]),
  });
  await expect(brand.getByRole('img', { name: 'Current icon' })).toBeVisible();
  await brand.getByRole('button', { name: 'Add link' }).click();
  await brand.getByLabel('Link 1 address').fill('http://insecure.example');
  await brand.getByRole('button', { name: 'Save brand' }).click();
  await expect(brand.getByText('Use a full https:// address')).toBeVisible();
  await brand.getByLabel('Link 1 address').fill('https://olivia.example');
  await brand.getByRole('button', { name: 'Save brand' }).click();
  await expect(page.getByText('Brand saved')).toBeVisible();
  await snapBoth(page, 'identity-settings');

  // The post: byline with the avatar, the blog's name in the title, the blog's icon.
  await closeToasts(page);
  await page.goto(`/blog/${ws}/keto/${post.slug}`);
  const byline = page.getByTestId('byline').first();
  await expect(byline).toContainText('By Olivia Stone');
  await expect(byline.locator('img')).toBeVisible();
  await expect(page).toHaveTitle('Fat first: a week of keto breakfasts | Olivia Writes');
  await expect(page.locator('link[data-blog-icon]')).toHaveAttribute('href', /\/media\//);
  await snapBoth(page, 'identity-post');

  // The card on the blog's home names the author too.
  await page.goto(`/blog/${ws}`);
  await expect(page).toHaveTitle('Olivia Writes');
  await expect(page.getByTestId('byline').first()).toContainText('Olivia Stone');
  await snapBoth(page, 'identity-blog-home');

  // The author's page, reached from the byline.
  await page.goto(`/blog/${ws}/keto/${post.slug}`);
  await page.getByTestId('byline').first().getByRole('link', { name: 'Olivia Stone' }).click();
  // The slug was made from the account's name when the profile was first opened, and stays.
  await expect(page).toHaveURL(new RegExp(`/blog/${ws}/author/olivia-\\d+$`));
  const authorPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Olivia Stone' })).toBeVisible();
  await expect(page.getByText('Cooks keto for a family of four')).toBeVisible();
  await expect(page.getByRole('list', { name: "Olivia Stone's profiles" }).getByRole('link', { name: /GitHub/ })).toHaveAttribute('href', 'https://github.com/olivia');
  await expect(page.getByRole('link', { name: 'Fat first: a week of keto breakfasts' })).toBeVisible();
  await expect(page).toHaveTitle('Olivia Stone | Olivia Writes');
  await snapBoth(page, 'identity-author');

  // Served by the server too (a fresh load), with the 404 for an unknown author.
  const resp = await page.goto(authorPath);
  expect(resp?.status()).toBe(200);
  expect((await page.goto(`/blog/${ws}/author/nobody-here`))?.status()).toBe(404);
});
