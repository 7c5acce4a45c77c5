import { expect, test, type APIRequestContext } from './fixtures';
import { desktop, phone, snap, uniqueEmail } from './helpers';

// Creates an owner whose blog wears the given template, with one generated post.
async function blogWith(request: APIRequestContext, template: string, color: string, font: string) {
  await request.get('/api/auth/me');
  const csrf = async () => {
    const state = await request.storageState();
    return state.cookies.find((c) => c.name === 'inkpress_csrf')?.value ?? '';
  };
  const post = async (path: string, data: unknown, method: 'post' | 'put' = 'post') => {
    const resp = await request[method](path, { data, headers: { 'X-CSRF-Token': await csrf() } });
    expect(resp.ok(), `${path}: ${resp.status()} ${await resp.text()}`).toBeTruthy();
    return resp.json();
  };
  const name = `Tpl ${template} ${Date.now()}`;
  await post('/api/auth/signup', { name, email: uniqueEmail(template), password: 'secret123' });
  await post('/api/onboarding', {
    blogTitle: `${template} Journal`, blogDescription: `A blog in ${template}`,
    categories: [{ name: 'Travel', slug: 'travel', colorHex: '#0ea5e9', description: 'Travel articles' }],
    primaryColor: color, fontFamily: font, templateId: template,
  });
  await post('/api/workspace/settings', {
    blogTitle: `${template} Journal`, blogDescription: `A blog in ${template}`, templateId: template, primaryColor: color, fontFamily: font,
  }, 'put');
  // Generation is a job: 202 with the job, then it is followed until the post is written.
  const queued = await post('/api/workspace/posts/generate', {
    category: 'travel', topic: 'Packing light for a week in Lisbon', inputMode: 'topic', keywords: 'packing, Lisbon',
    tone: 'casual', length: 'short', imageMode: 'none', banners: [], generateImages: false,
  });
  let job = queued.job as { id: number; status: string; postId: number | null; error: string };
  await expect.poll(async () => {
    job = (await (await request.get(`/api/workspace/jobs/${job.id}`)).json()).job;
    return job.status;
  }, { timeout: 60_000, message: 'the generation job succeeds' }).toBe('succeeded');
  const generated = await (await request.get(`/api/workspace/posts/${job.postId}`)).json();
  const me = await (await request.get('/api/auth/me')).json();
  return { slug: me.workspace.slug as string, title: generated.post.title as string };
}

const templates = [
  ['template-1', '#e11d48', 'Montserrat'],
  ['template-2', '#059669', 'Merriweather'],
  ['template-3', '#7c3aed', 'Lora'],
] as const;

for (const [template, color, font] of templates) {
  test(`workspace blog in ${template}`, async ({ page, playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const blog = await blogWith(request, template, color, font);
    for (const [label, viewport] of [['phone', phone], ['desktop', desktop]] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/blog/${blog.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: `${template} Journal` })).toBeVisible();
      await expect(page.getByText(blog.title).first()).toBeVisible();
      const themed = page.locator(`[data-template="${template}"]`).first();
      await expect(themed).toBeAttached();
      const family = await themed.evaluate((el) => getComputedStyle(el).fontFamily);
      expect(family).toContain(font);
      // Only the blog's own font is fetched besides the UI font (each is a stylesheet of its own). The
      // "{font} Fallback" faces are local fonts shown while a web font loads: nothing is downloaded for them.
      const fonts = () => page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/["']/g, ''))
        .filter((f) => !f.endsWith(' Fallback')));
      await expect.poll(async () => (await fonts()).includes(font)).toBe(true);
      for (const f of await fonts()) expect([font, 'Inter']).toContain(f);
      await expect(page.locator(`a[href="/blog/${blog.slug}/feed.xml"]`).first()).toBeAttached();
      await snap(page, `blog-${template}-${label}`);
    }
    await page.goto(`/blog/${blog.slug}/travel`);
    await expect(page.getByRole('heading', { name: 'Travel' })).toBeVisible();
    await expect(page.locator(`a[href="/blog/${blog.slug}/feed.xml?category=travel"]`).first()).toBeAttached();
    await page.goto(`/blog/${blog.slug}/nothing-here`);
    await expect(page.getByText(/Category not found|No posts found in this category yet\.|Oops! Page not found/)).toBeVisible();
    await request.dispose();
  });
}

test('unknown blog shows Blog not found', async ({ page }) => {
  const resp = await page.goto('/blog/no-such-blog-anywhere');
  expect(resp?.status()).toBe(404);
});
