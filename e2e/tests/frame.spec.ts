import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { closeToasts, desktop, phone, snapBoth, uniqueEmail } from './helpers';

// A workspace blog wears its own frame (header, newsletter card, footer), never InkPress's.

async function csrfPost(request: APIRequestContext, path: string, data: unknown, method: 'post' | 'put' = 'post') {
  const state = await request.storageState();
  const token = state.cookies.find((c) => c.name === 'inkpress_csrf')?.value ?? '';
  return request[method](path, { data, headers: { 'X-CSRF-Token': token } });
}

/** An owner whose blog wears `template`, with two categories and one published post written by hand. */
async function ownerBlog(request: APIRequestContext, template: string, color: string, font: string) {
  await request.get('/api/auth/me');
  const ok = async (path: string, data: unknown, method: 'post' | 'put' = 'post') => {
    const resp = await csrfPost(request, path, data, method);
    expect(resp.ok(), `${path}: ${resp.status()} ${await resp.text()}`).toBeTruthy();
    return resp.json();
  };
  const title = { 'template-1': 'Harbour Notes', 'template-2': 'The Ledger Review', 'template-3': 'quiet pages' }[template] ?? template;
  await ok('/api/auth/signup', { name: `Frame ${template} ${Date.now()}`, email: uniqueEmail(`frame-${template}`), password: 'secret123' });
  const settings = { blogTitle: title, blogDescription: `Essays and notes from ${title}.`, templateId: template, primaryColor: color, fontFamily: font };
  await ok('/api/onboarding', {
    ...settings,
    categories: [
      { name: 'Travel', slug: 'travel', colorHex: '#0ea5e9', description: 'Travel articles' },
      { name: 'Food & Cooking', slug: 'food-cooking', colorHex: '#f59e0b', description: 'Food articles' },
    ],
  });
  await ok('/api/workspace/settings', settings, 'put');
  const written = await ok('/api/workspace/posts', {
    title: 'Packing light for a week in Lisbon',
    content: '<p>Three shirts, one jacket and good shoes.</p><p>Everything else you can buy there.</p>',
    category: 'travel',
    tags: ['packing', 'lisbon'],
    status: 'published',
  });
  const me = await (await request.get('/api/auth/me')).json();
  return { slug: me.workspace.slug as string, title, post: written.post as { slug: string; title: string } };
}

/** The frame has none of the platform's chrome: no sign-in buttons, no InkPress name but "Powered by". */
async function expectOwnFrame(page: Page, title: string) {
  const header = page.getByRole('banner').first();
  await expect(header.getByRole('link', { name: title })).toBeVisible();
  await expect(header).not.toContainText('InkPress');
  await expect(page.getByRole('link', { name: 'LOGIN' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'SIGNUP' })).toHaveCount(0);
  await expect(page.getByText('Insights for the Modern Generation')).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${title}`);
  await expect(footer.getByRole('link', { name: 'RSS feed' })).toBeVisible();
  await expect(footer).toContainText('Powered by InkPress');
  expect((await footer.innerText()).replace('Powered by InkPress', '')).not.toContain('InkPress');
}

async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
}

const templates = [
  ['template-1', '#0f766e', 'Montserrat'],
  ['template-2', '#9f1239', 'Merriweather'],
  ['template-3', '#334155', 'Inter'],
] as const;

for (const [template, color, font] of templates) {
  test(`a ${template} blog wears its own frame and subscribes readers to itself`, async ({ page, playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const blog = await ownerBlog(request, template, color, font);

    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await page.goto(`/blog/${blog.slug}`);
      await expectOwnFrame(page, blog.title);
      await expect(page.getByRole('link', { name: blog.post.title }).first()).toBeVisible();
      const header = page.getByRole('banner').first();
      if (viewport === phone) {
        await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
        await expect(header.getByRole('navigation', { name: 'Blog sections' })).toBeHidden();
      } else {
        const sections = header.getByRole('navigation', { name: 'Blog sections' });
        await expect(sections.getByRole('link', { name: 'Travel' })).toBeVisible();
        await expect(header.getByRole('search')).toBeVisible();
      }
      await expectNoOverflow(page);
    }
    await snapBoth(page, `frame-${template}-home`);

    // The newsletter card names the blog and puts the reader on THIS blog's list.
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: `Get fresh insights from ${blog.title} in your inbox` }) });
    const email = uniqueEmail(`reader-${template}`);
    await card.getByLabel('Email address').fill(email);
    const [req, resp] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/subscribers') && r.method() === 'POST'),
      page.waitForResponse((r) => r.url().endsWith('/api/subscribers')),
      card.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    expect(req.postDataJSON()).toEqual({ email, workspace: blog.slug });
    expect(resp.status()).toBe(202);
    await expect(page.getByText('Check your inbox to confirm your subscription.')).toBeVisible();
    // The public answer never tells whether an address is already on a list (the e-mail does): the same
    // address again on this blog, and new on the site's, get the same 202 answer.
    const reader = await playwright.request.newContext({ baseURL });
    await reader.get('/api/auth/me');
    for (const body of [{ email, workspace: blog.slug }, { email }]) {
      const again = await csrfPost(reader, '/api/subscribers', body);
      expect(again.status()).toBe(202);
      expect(await again.json()).toEqual({ ok: true });
    }
    await reader.dispose();
    await closeToasts(page);

    // Category and post pages keep the frame; the search goes to {blog}/search?q=.
    await page.setViewportSize(desktop);
    await page.getByRole('banner').first().getByRole('link', { name: 'Travel' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${blog.slug}/travel$`));
    await expectOwnFrame(page, blog.title);
    await page.goto(`/blog/${blog.slug}/travel/${blog.post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: blog.post.title })).toBeVisible();
    await expectOwnFrame(page, blog.title);
    await snapBoth(page, `frame-${template}-post`);
    await page.getByRole('banner').first().getByRole('searchbox', { name: 'Search this blog' }).fill('lisbon shoes');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/blog/${blog.slug}/search\\?q=lisbon%20shoes$`));

    // The phone menu: search and sections, no platform chrome.
    await page.setViewportSize(phone);
    await page.goto(`/blog/${blog.slug}`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Food & Cooking' })).toBeVisible();
    await expect(menu.getByRole('searchbox', { name: 'Search this blog' })).toBeVisible();
    await expect(menu).not.toContainText('InkPress');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `artifacts/frame-${template}-menu-phone.png` });
    await request.dispose();
  });
}

test('without JavaScript a workspace blog still wears its frame', async ({ browser, playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const blog = await ownerBlog(request, 'template-1', '#0f766e', 'Montserrat');
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  await page.goto(`/blog/${blog.slug}`);
  await expect(page.getByRole('banner').getByRole('link', { name: blog.title })).toBeVisible();
  const search = page.getByRole('search');
  await expect(search).toHaveAttribute('action', `/blog/${blog.slug}/search`);
  await expect(page.getByRole('contentinfo')).toContainText('Powered by InkPress');
  await expect(page.getByRole('link', { name: 'LOGIN' })).toHaveCount(0);
  await expectNoOverflow(page);
  await page.screenshot({ path: 'artifacts/frame-nojs-phone.png', fullPage: true });
  await context.close();
  await request.dispose();
});

test("the site's blog keeps the platform frame", async ({ page }) => {
  await page.setViewportSize(desktop);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'LOGIN' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get fresh insights in your inbox' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('search')).toHaveCount(0);
});
