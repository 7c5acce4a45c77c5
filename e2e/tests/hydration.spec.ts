import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { uniqueEmail } from './helpers';

// Every public route is rendered on the server and hydrated in the browser:
// the HTML carries the app's markup (#root marked data-ssr) and the data it
// was rendered from (#inkpress-data), React adopts the server's DOM without
// a hydration warning, the first render asks the API for nothing but the
// visitor's session, and the page is a live app afterwards (a link
// navigates without a reload).

/** GET endpoints a public page may call while loading: they answer about the visitor, which a shared page cannot carry. */
const sessionEndpoints = ['/api/auth/me'];

/** What React 19 (development and production builds) logs when hydration goes wrong. */
const hydrationProblems = [
  /Hydration failed/i,
  /hydrated but some attributes/i,
  /didn't match/i,
  /did not match/i,
  /There was an error while hydrating/i,
  /Minified React error #(418|419|423|425)\b/,
  /react\.dev\/errors\/(418|419|423|425)\b/,
];

/** Share of the server's elements inside #root that must still be in the page after hydration (the rest may change with the session). */
const keptShare = 0.8;

/** The addresses under test, found once: they depend on the demo content and on a blog made for this file. */
type Routes = { sitePost: string; siteTag: string; author: string; blog: string; blogCategory: string; blogPost: string; blogTag: string };
let routes: Routes;

/** Signs up an owner and fills a blog: one generated post with an AI cover and enough written ones for a second page. */
async function makeBlog(request: APIRequestContext): Promise<{ slug: string }> {
  await request.get('/api/auth/me');
  const csrf = async () => (await request.storageState()).cookies.find((c) => c.name === 'inkpress_csrf')?.value ?? '';
  const send = async (path: string, data: unknown, method: 'post' | 'put' = 'post') => {
    const resp = await request[method](path, { data, headers: { 'X-CSRF-Token': await csrf() } });
    expect(resp.ok(), `${path}: ${resp.status()} ${await resp.text()}`).toBeTruthy();
    return resp.json();
  };
  await send('/api/auth/signup', { name: 'Hydra Writer', email: uniqueEmail('hydration'), password: 'secret123' });
  await send('/api/onboarding', {
    blogTitle: 'Hydration Journal', blogDescription: 'Pages rendered twice, once on each side',
    categories: [{ name: 'Travel', slug: 'travel', colorHex: '#0ea5e9', description: 'Travel articles' }],
    primaryColor: '#0ea5e9', fontFamily: 'Merriweather', templateId: 'template-1',
  });
  const queued = await send('/api/workspace/posts/generate', {
    category: 'travel', topic: 'Packing light for a week in Lisbon', inputMode: 'topic', keywords: 'packing, Lisbon',
    tone: 'casual', length: 'short', imageMode: 'ai', banners: [], generateImages: true,
  });
  let job = queued.job as { id: number; status: string };
  await expect.poll(async () => {
    job = (await (await request.get(`/api/workspace/jobs/${job.id}`)).json()).job;
    return job.status;
  }, { timeout: 90_000, message: 'the generation job succeeds' }).toBe('succeeded');
  // The blog's home lists 12 posts a page: 13 make a page 2.
  for (let i = 1; i <= 12; i++) {
    await send('/api/workspace/posts', {
      title: `Notes from the road, day ${i}`, category: 'travel', tags: ['Slow Travel'], status: 'published',
      content: `<p>Day ${i} began early, with coffee by the river and a long walk to the old town.</p><p>The afternoon was for the market.</p>`,
    });
  }
  const me = await (await request.get('/api/auth/me')).json();
  return { slug: me.workspace.slug as string };
}

/** A blog's newest public post (its address and its first tag's). */
async function newest(request: APIRequestContext, workspace: string): Promise<{ url: string; tag: string; author: string }> {
  const body = await (await request.get(`/api/posts?workspace=${encodeURIComponent(workspace)}&limit=1`)).json();
  const p = body.posts[0] as { url: string; tagSlugs: string[]; author: { slug: string } };
  return { url: p.url, tag: p.tagSlugs[0], author: p.author.slug };
}

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL });
  try {
    const site = await newest(request, 'site');
    const { slug } = await makeBlog(request);
    const blogPost = await newest(request, slug);
    routes = {
      sitePost: site.url, siteTag: `/tag/${site.tag}`, author: `/author/${site.author}`,
      blog: `/blog/${slug}`, blogCategory: `/blog/${slug}/travel`, blogPost: blogPost.url, blogTag: `/blog/${slug}/tag/${blogPost.tag}`,
    };
  } finally {
    await request.dispose();
  }
});

const cases: { name: string; path: (r: Routes) => string; status?: number }[] = [
  { name: 'site home', path: () => '/' },
  { name: 'all posts', path: () => '/posts' },
  { name: 'site category', path: () => '/keto' },
  { name: 'site post', path: (r) => r.sitePost },
  { name: 'site tag', path: (r) => r.siteTag },
  { name: 'site search', path: () => '/search?q=keto' },
  { name: 'author', path: (r) => r.author },
  { name: 'blog home', path: (r) => r.blog },
  { name: 'blog home, page 2', path: (r) => `${r.blog}?page=2` },
  { name: 'blog category', path: (r) => r.blogCategory },
  { name: 'blog post', path: (r) => r.blogPost },
  { name: 'blog tag', path: (r) => r.blogTag },
];

/** The opening tag of #root and what it holds, or null. */
function rootOf(html: string): { tag: string; inner: string } | null {
  const m = /<div\b[^>]*\bid="root"[^>]*>/.exec(html);
  if (!m) return null;
  return { tag: m[0], inner: html.slice(m.index + m[0].length) };
}

/** The dehydrated query cache the page carries, parsed, or undefined when it has none. */
function carriedData(html: string): unknown {
  const m = /<script\b(?=[^>]*\bid="inkpress-data")(?=[^>]*\btype="application\/json")[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : undefined;
}

/** Keeps the elements #root holds when the document is parsed, before any module script runs. */
async function recordServerNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const root = document.getElementById('root');
      (window as unknown as { __ssrNodes: Element[] }).__ssrNodes = root ? Array.from(root.querySelectorAll('*')) : [];
    });
  });
}

for (const c of cases) {
  test(`${c.name} is server-rendered and hydrated`, async ({ page }) => {
    const path = c.path(routes);
    const status = c.status ?? 200;

    // 1. The server's HTML is the app's HTML, with the data it was rendered from.
    const resp = await page.request.get(path, { headers: { Accept: 'text/html' } });
    expect(resp.status(), `${path}: status`).toBe(status);
    const html = await resp.text();
    const root = rootOf(html);
    expect(root, `${path}: the page has a #root`).not.toBeNull();
    expect.soft(root?.tag ?? '', `${path}: #root is marked as server-rendered`).toMatch(/\bdata-ssr\b/);
    expect.soft(root?.inner.trimStart().startsWith('</div>'), `${path}: #root holds the rendered app`).toBe(false);
    expect.soft(carriedData(html), `${path}: the page carries its data in #inkpress-data`).toEqual(expect.any(Object));

    // 2. The browser adopts it: no hydration warning, no error, no data fetched again.
    const problems: string[] = [];
    const errors: string[] = [];
    const api: string[] = [];
    let loading = true;
    page.on('console', (msg) => {
      const text = msg.text();
      if (hydrationProblems.some((re) => re.test(text))) problems.push(`${msg.type()}: ${text.slice(0, 300)}`);
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      const u = new URL(r.url());
      // Writes (a view count) are not data the page could have carried.
      if (!loading || !u.pathname.startsWith('/api/') || r.method() !== 'GET') return;
      if (sessionEndpoints.includes(u.pathname)) return;
      api.push(`${r.method()} ${u.pathname}${u.search}`);
    });
    await recordServerNodes(page);
    const nav = await page.goto(path, { waitUntil: 'networkidle' });
    loading = false;
    expect(nav?.status(), `${path}: status in the browser`).toBe(status);
    expect.soft(problems, `${path}: hydration warnings`).toEqual([]);
    expect.soft(errors, `${path}: page errors`).toEqual([]);
    expect.soft(api, `${path}: /api/ requests for data the HTML carried`).toEqual([]);

    // React kept the server's elements: createRoot, or a hydration that fell back to a client render, replaces them.
    const nodes = await page.evaluate(() => {
      const server = (window as unknown as { __ssrNodes?: Element[] }).__ssrNodes ?? [];
      const rootEl = document.getElementById('root');
      return { server: server.length, kept: server.filter((n) => rootEl?.contains(n)).length };
    });
    expect.soft(nodes.server, `${path}: elements in #root before the app ran`).toBeGreaterThan(0);
    expect.soft(nodes.kept, `${path}: server elements still in the page after hydration (of ${nodes.server})`)
      .toBeGreaterThanOrEqual(Math.ceil(nodes.server * keptShare));

    // 3. It is a live app: a link inside it navigates on the client, without loading a document.
    await page.evaluate(() => ((window as unknown as { __inkpressAlive: boolean }).__inkpressAlive = true));
    const from = new URL(page.url()).pathname;
    const link = page.locator(`#root a[href^="/"]:not([target]):not([download]):not([href^="/media/"]):not([href$=".xml"])` +
      `:not([href$=".json"]):not([href$=".atom"]):not([href="${from}"])`).filter({ visible: true }).first();
    const href = await link.getAttribute('href');
    expect(href, `${path}: a link to follow`).toBeTruthy();
    const to = new URL(href!, page.url()).pathname;
    await link.click();
    await page.waitForURL((u) => u.pathname === to);
    const after = await page.evaluate(() => ({
      alive: (window as unknown as { __inkpressAlive?: boolean }).__inkpressAlive === true,
      documents: performance.getEntriesByType('navigation').length,
    }));
    expect(after, `${path}: following ${href} stays in the app`).toEqual({ alive: true, documents: 1 });
  });
}

// A missing page is never cached, so the server does not render it with the app (any address would cost a
// render): it answers 404 with its plain page, and the app draws its own not-found page in the browser.
test('a missing post answers 404 and the app shows its not-found page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const path = '/keto/no-such-post-anywhere';
  const resp = await page.request.get(path, { headers: { Accept: 'text/html' } });
  expect(resp.status()).toBe(404);
  const html = await resp.text();
  expect(rootOf(html)?.tag ?? '').not.toMatch(/\bdata-ssr\b/);
  expect(carriedData(html)).toBeUndefined();
  const nav = await page.goto(path);
  expect(nav?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
  expect(errors).toEqual([]);
});
