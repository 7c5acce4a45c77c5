import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { uniqueEmail } from './helpers';

// A reader page's <title> and og:title are the server's before the app runs, and stay the same once the app has
// taken over (hydrated, or rendered over the server's plain page): tag, search, preview and newsletter-link pages,
// on a blog (named after the blog, never with the platform's name added) and on the site's own blog.

type Paths = { blogTag: string; blogSearch: string; siteTag: string; siteSearch: string; preview: string; confirm: string; unsubscribe: string; siteConfirm: string };
let paths: Paths;
const BLOG = 'Title Check Journal';

async function makeBlog(request: APIRequestContext): Promise<Paths> {
  await request.get('/api/auth/me');
  const csrf = async () => (await request.storageState()).cookies.find((c) => c.name === 'inkpress_csrf')?.value ?? '';
  const send = async (path: string, data: unknown) => {
    const resp = await request.post(path, { data, headers: { 'X-CSRF-Token': await csrf() } });
    expect(resp.ok(), `${path}: ${resp.status()} ${await resp.text()}`).toBeTruthy();
    return resp.json();
  };
  await send('/api/auth/signup', { name: 'Title Writer', email: uniqueEmail('titles'), password: 'secret123' });
  await send('/api/onboarding', {
    blogTitle: BLOG, blogDescription: 'Notes on keeping one title',
    categories: [{ name: 'Habits', slug: 'habits-notes', colorHex: '#0ea5e9', description: 'Habits articles' }],
  });
  await send('/api/workspace/posts', {
    title: 'Small habits, every morning', category: 'habits-notes', tags: ['Habits'], status: 'published',
    content: '<p>Start with one glass of water and one page of notes.</p>',
  });
  const draft = await send('/api/workspace/posts', {
    title: 'A draft about evenings', category: 'habits-notes', tags: ['Habits'], status: 'draft', metaTitle: 'Evenings, slowly',
    content: '<p>Not ready yet.</p>',
  });
  const withLink = await send(`/api/workspace/posts/${draft.post.id}/preview`, {});
  const me = await (await request.get('/api/auth/me')).json();
  const slug = me.workspace.slug as string;
  const site = await (await request.get('/api/posts?workspace=site&limit=1')).json();
  return {
    blogTag: `/blog/${slug}/tag/habits`,
    blogSearch: `/blog/${slug}/search?q=habits`,
    siteTag: `/tag/${site.posts[0].tagSlugs[0]}`,
    siteSearch: '/search?q=keto',
    preview: new URL(withLink.post.previewUrl, 'http://x').pathname,
    confirm: `/blog/${slug}/confirm?token=not-a-real-token`,
    unsubscribe: `/blog/${slug}/unsubscribe?token=not-a-real-token`,
    siteConfirm: '/confirm?token=not-a-real-token',
  };
}

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  try {
    paths = await makeBlog(request);
  } finally {
    await request.dispose();
  }
});

type Titles = { title: string; og: string };

/** The head's titles as the server sent them (kept before any script runs) and as they are once the page is idle. */
async function titlesOf(page: Page, path: string): Promise<{ server: Titles; app: Titles }> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const og = document.head.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '';
      (window as unknown as { __server: Titles }).__server = { title: document.title, og };
    });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // The app has run: its root holds what it rendered.
  await expect(page.locator('#root h1').first()).toBeVisible();
  return page.evaluate(() => ({
    server: (window as unknown as { __server: Titles }).__server,
    app: { title: document.title, og: document.head.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '' },
  }));
}

const cases: { name: string; path: (p: Paths) => string; want: string }[] = [
  { name: 'blog tag', path: (p) => p.blogTag, want: `#habits | ${BLOG}` },
  { name: 'blog search', path: (p) => p.blogSearch, want: `Search: habits | ${BLOG}` },
  { name: 'site tag', path: (p) => p.siteTag, want: ' | InkPress' },
  { name: 'site search', path: (p) => p.siteSearch, want: 'Search: keto | InkPress' },
  { name: 'preview', path: (p) => p.preview, want: `Preview: Evenings, slowly | ${BLOG}` },
  { name: 'confirm', path: (p) => p.confirm, want: `Confirm your subscription | ${BLOG}` },
  { name: 'unsubscribe', path: (p) => p.unsubscribe, want: `Unsubscribe | ${BLOG}` },
  { name: 'site confirm', path: () => paths.siteConfirm, want: 'Confirm your subscription | InkPress' },
];

for (const c of cases) {
  test(`${c.name}: the app keeps the server's title`, async ({ page }) => {
    const { server, app } = await titlesOf(page, c.path(paths));
    if (c.want.startsWith(' | ')) expect(server.title.endsWith(c.want), server.title).toBeTruthy();
    else expect(server.title).toBe(c.want);
    expect(server.og).toBe(server.title);
    expect(app.title).toBe(server.title);
    expect(app.og).toBe(server.og);
    if (c.want.includes(BLOG)) expect(app.title).not.toContain('InkPress');
  });
}
