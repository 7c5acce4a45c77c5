import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { uniqueEmail } from './helpers';

// Every public route is rendered on the server and hydrated in the browser:
// the HTML carries the app's markup (#root marked data-ssr) and the data it
// was rendered from (#inkpress-data), the app adopts the server's DOM as it
// is, the first render asks the API for nothing but the visitor's session,
// and the page is a live app afterwards (a link navigates without a reload).
//
// The shipped app runs on Preact, whose production build says nothing when
// hydration goes wrong, and repairs quietly what it sees: an element of
// another kind is replaced, a text is rewritten, and an attribute is left as
// the server wrote it (hydration does not compare attributes). So the page is
// looked at instead: its #root as parsed, before any script ran; the same
// #root once the app has hydrated and settled; and #root as the app renders
// it from scratch (emptied before the scripts run) from the same data. All
// three must be the same, and every element the server sent must still be in
// the page. The tests at the end inject each kind of mismatch into a page and
// check that this finds it.

/** GET endpoints a public page may call while loading: they answer about the visitor, which a shared page cannot carry. */
const sessionEndpoints = ['/api/auth/me'];

/** The addresses under test, found once: they depend on the demo content and on a blog made for this file. */
type Routes = {
  sitePost: string; siteTag: string; author: string; blog: string; blogCategory: string; blogPost: string; blogTag: string;
  frenchPost: string; frenchBlog: string;
};
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

/** Signs up an owner whose blog is written in French, with a category and two posts (the second is the first's related post). */
async function makeFrenchBlog(request: APIRequestContext): Promise<{ slug: string }> {
  await request.get('/api/auth/me');
  const csrf = async () => (await request.storageState()).cookies.find((c) => c.name === 'inkpress_csrf')?.value ?? '';
  const send = async (path: string, data: unknown, method: 'post' | 'put' = 'post') => {
    const resp = await request[method](path, { data, headers: { 'X-CSRF-Token': await csrf() } });
    expect(resp.ok(), `${path}: ${resp.status()} ${await resp.text()}`).toBeTruthy();
    return resp.json();
  };
  await send('/api/auth/signup', { name: 'Camille Martin', email: uniqueEmail('hydration-fr'), password: 'secret123' });
  await send('/api/onboarding', {
    blogTitle: 'Carnets de route', blogDescription: 'Des voyages lents, racontés sans hâte',
    categories: [{ name: 'Voyage', slug: 'voyage', colorHex: '#0ea5e9', description: 'Récits de voyage' }],
    primaryColor: '#0ea5e9', fontFamily: 'Merriweather', templateId: 'template-1',
  });
  await send('/api/workspace/settings', { blogTitle: 'Carnets de route', language: 'fr' }, 'put');
  for (const title of ['Une semaine à Lisbonne', 'Le train de nuit pour Vienne']) {
    await send('/api/workspace/posts', {
      title, category: 'voyage', tags: ['Voyage lent'], status: 'published',
      content: `<p>${'Le matin commence tôt, avec un café au bord du fleuve. '.repeat(40)}</p>`,
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
    await request.post('/api/auth/logout', { headers: { 'X-CSRF-Token': (await request.storageState()).cookies.find((c) => c.name === 'inkpress_csrf')?.value ?? '' } });
    const french = await makeFrenchBlog(request);
    routes = {
      sitePost: site.url, siteTag: `/tag/${site.tag}`, author: `/author/${site.author}`,
      blog: `/blog/${slug}`, blogCategory: `/blog/${slug}/travel`, blogPost: blogPost.url, blogTag: `/blog/${slug}/tag/${blogPost.tag}`,
      frenchBlog: `/blog/${french.slug}`, frenchPost: (await newest(request, french.slug)).url,
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
  { name: 'author', path: (r) => r.author },
  { name: 'blog home', path: (r) => r.blog },
  { name: 'blog home, page 2', path: (r) => `${r.blog}?page=2` },
  { name: 'blog category', path: (r) => r.blogCategory },
  { name: 'blog post', path: (r) => r.blogPost },
  { name: 'blog tag', path: (r) => r.blogTag },
  { name: 'French blog home', path: (r) => r.frenchBlog },
  { name: 'French blog post', path: (r) => r.frenchPost },
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

type Mode = 'hydrate' | 'client';

/**
 * Before any script of the page runs (the document is parsed, module scripts are not run yet), keeps what #root
 * holds: its elements and a description of its markup. With 'client' it then empties #root and takes its
 * data-ssr mark away, so the app renders the page from scratch (from the same data, which is outside #root).
 */
async function recordServerRoot(page: Page, mode: Mode): Promise<void> {
  await page.addInitScript((m: Mode) => {
    /**
     * #root's content, one line per element and per run of text: tag and attributes (sorted; style as the browser
     * reads it; a form control's current value and checked state rather than its attributes, which the app sets as
     * properties), text as it reads. Comments are left out (the server's renderer may mark fragments with them), and
     * so is what an element marked data-session holds: it shows the visitor's session, which the server renders as
     * unknown and the app fills in once it knows.
     */
    const describe = (root: Element): string[] => {
      const lines: string[] = [];
      const walk = (parent: Element, depth: number) => {
        let text = '';
        const flush = () => {
          if (text) lines.push(`${'  '.repeat(depth)}${JSON.stringify(text)}`);
          text = '';
        };
        for (const node of Array.from(parent.childNodes)) {
          if (node.nodeType === Node.TEXT_NODE) {
            text += (node as Text).data;
            continue;
          }
          if (node.nodeType !== Node.ELEMENT_NODE) continue;
          flush();
          const el = node as HTMLElement;
          const attrs = Array.from(el.attributes)
            .filter((a) => !['style', 'value', 'checked', 'selected'].includes(a.name))
            .map((a) => `${a.name}=${JSON.stringify(a.value)}`);
          if (el.style?.cssText) attrs.push(`style=${JSON.stringify(el.style.cssText)}`);
          if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
            attrs.push(`.value=${JSON.stringify(el.value)}`);
          }
          if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) attrs.push(`.checked=${el.checked}`);
          lines.push(`${'  '.repeat(depth)}<${el.localName}${attrs.sort().map((a) => ' ' + a).join('')}>`);
          if (!(el instanceof HTMLTextAreaElement) && !el.hasAttribute('data-session')) walk(el, depth + 1);
        }
        flush();
      };
      walk(root, 0);
      return lines;
    };
    const w = window as unknown as { __describeRoot: typeof describe; __server?: { nodes: Element[]; markup: string[] } };
    w.__describeRoot = describe;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const root = document.getElementById('root');
      if (!root) return;
      const nodes = Array.from(root.querySelectorAll('*')).filter((n) => !n.parentElement?.closest('[data-session]'));
      w.__server = { nodes, markup: describe(root) };
      if (m === 'client') {
        root.removeAttribute('data-ssr');
        root.textContent = '';
      }
    });
  }, mode);
}

/** What became of the server's #root: its markup before the scripts ran and now, and how many of its elements are still in the page. */
type RootReport = { server: string[]; now: string[]; elements: number; kept: number };

async function rootReport(page: Page): Promise<RootReport> {
  return page.evaluate(() => {
    const w = window as unknown as { __describeRoot: (root: Element) => string[]; __server?: { nodes: Element[]; markup: string[] } };
    const root = document.getElementById('root');
    const server = w.__server ?? { nodes: [], markup: [] };
    return {
      server: server.markup,
      now: root ? w.__describeRoot(root) : [],
      elements: server.nodes.length,
      kept: server.nodes.filter((n) => root?.contains(n)).length,
    };
  });
}

/** Loads `path` in `page`, hydrated or rendered from scratch by the app, and reports on its #root once the page is idle. */
async function loadRoot(page: Page, path: string, mode: Mode): Promise<RootReport> {
  await recordServerRoot(page, mode);
  await page.goto(path, { waitUntil: 'networkidle' });
  return rootReport(page);
}

/** The lines of `a` and `b` that are not in their longest common subsequence: '- line' only in a, '+ line' only in b, in order. */
function lineDiff(a: string[], b: string[]): string[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out.push(`+ ${b[j++].trim()}`);
    } else {
      out.push(`- ${a[i++].trim()}`);
    }
  }
  return out;
}

/**
 * The mismatches between the server's page and the app's: lines of #root that hydration changed, lines of #root
 * that the app renders otherwise from the same data (what hydration leaves as the server wrote it: attributes),
 * and server elements that hydration threw away.
 */
function mismatches(hydrated: RootReport, client: RootReport): { changedByHydration: string[]; renderedOtherwise: string[]; elementsReplaced: number } {
  const diff = (a: string[], b: string[]) => lineDiff(a, b).slice(0, 8);
  return {
    changedByHydration: diff(hydrated.server, hydrated.now),
    renderedOtherwise: diff(client.server, client.now),
    elementsReplaced: hydrated.elements - hydrated.kept,
  };
}

const noMismatch = { changedByHydration: [], renderedOtherwise: [], elementsReplaced: 0 };

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

    // 2. The browser adopts it: the same markup, the server's elements kept, no error, no data fetched again.
    const errors: string[] = [];
    const api: string[] = [];
    let loading = true;
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      const u = new URL(r.url());
      // Writes (a view count) are not data the page could have carried.
      if (!loading || !u.pathname.startsWith('/api/') || r.method() !== 'GET') return;
      if (sessionEndpoints.includes(u.pathname)) return;
      api.push(`${r.method()} ${u.pathname}${u.search}`);
    });
    await recordServerRoot(page, 'hydrate');
    const nav = await page.goto(path, { waitUntil: 'networkidle' });
    loading = false;
    expect(nav?.status(), `${path}: status in the browser`).toBe(status);
    expect.soft(errors, `${path}: page errors`).toEqual([]);
    expect.soft(api, `${path}: /api/ requests for data the HTML carried`).toEqual([]);
    const hydrated = await rootReport(page);
    expect.soft(hydrated.elements, `${path}: elements in #root before the app ran`).toBeGreaterThan(0);

    // The app renders the same page from scratch, from the same data: hydration has nothing to repair.
    const fresh = await page.context().newPage();
    const client = await loadRoot(fresh, path, 'client');
    await fresh.close();
    expect.soft(client.now.length, `${path}: the app rendered the page from scratch`).toBeGreaterThan(0);
    expect.soft(mismatches(hydrated, client), `${path}: mismatches between the server's markup and the app's`).toEqual(noMismatch);

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

// A blog written in French shows its reader chrome in French: in the server's HTML, and the same once the app has
// hydrated (its language's texts load before hydration; the generic cases above check the markup is unchanged).
test("a French blog's post is in French before and after hydration", async ({ page }) => {
  const path = routes.frenchPost;
  const french = [
    'Articles similaires', 'Partager cet article', 'Retour à Voyage', 'minutes de lecture', 'Flux RSS', 'S’abonner',
    'Recevez les nouveautés de Carnets de route par e-mail',
  ];
  const html = await (await page.request.get(path, { headers: { Accept: 'text/html' } })).text();
  expect(rootOf(html)?.tag ?? '').toMatch(/\bdata-ssr\b/);
  expect(html).toContain('<html lang="fr"');
  for (const text of french) expect.soft(html, `the server's page says ${text}`).toContain(text);
  for (const text of ['Related Posts', 'Share this post', 'min read', 'RSS feed<']) expect.soft(html).not.toContain(text);

  const errors: string[] = [];
  const chunks: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (/\/assets\/[a-z]{2}\.gen-[^/]*\.js$/.test(new URL(r.url()).pathname)) chunks.push(new URL(r.url()).pathname.split('/').pop()!.slice(0, 2));
  });
  await recordServerRoot(page, 'hydrate');
  await page.goto(path, { waitUntil: 'networkidle' });
  const report = await rootReport(page);
  expect(lineDiff(report.server, report.now), 'hydration changed nothing').toEqual([]);
  expect(report.kept).toBe(report.elements);
  // Only French's table was fetched, besides the English one in the bundle.
  expect(chunks).toEqual(['fr']);
  const frame = page.locator('#root .blog-theme').first();
  await expect(frame).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Articles similaires' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'S’abonner' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Rechercher dans ce blog' }).first()).toHaveAttribute('placeholder', 'Rechercher');
  // A client-side navigation stays in French: the blog's home, through the breadcrumb.
  await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Carnets de route' }).click();
  await expect(page.getByRole('link', { name: 'Flux RSS' }).first()).toBeVisible();
  await expect(page.getByText(/minutes? de lecture|\d+ MIN/).first()).toBeVisible();
  expect(errors).toEqual([]);
});

// Search pages are never rendered by the engines (any query would cost a render): the server answers its plain
// page, and the app renders the results from the public API.
test('a search page is the plain page, and the app shows its results', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const path = '/search?q=keto';
  const resp = await page.request.get(path, { headers: { Accept: 'text/html' } });
  expect(resp.status()).toBe(200);
  const html = await resp.text();
  expect(rootOf(html)?.tag ?? '').not.toMatch(/\bdata-ssr\b/);
  expect(carriedData(html)).toBeUndefined();
  await page.goto(path);
  await expect(page.locator('#root a[href^="/keto/"]').first()).toBeVisible();
  expect(errors).toEqual([]);
});

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

// The check above finds each kind of mismatch. A page whose server markup is changed on its way to the browser
// (what a server render that disagrees with the app's first render would send) must be caught: a text that
// hydration rewrites, an attribute that hydration leaves as the server wrote it, an element of another kind
// that hydration replaces.
test.describe('the mismatch check', () => {
  const injected: { name: string; change: (root: string) => string; finds: (m: ReturnType<typeof mismatches>) => void }[] = [
    {
      name: 'a text',
      change: (root) => root.replace(/(<h3\b[^>]*>\s*<a\b[^>]*>)([^<]+)</, '$1Written otherwise on the server<'),
      finds: (m) => {
        expect(m.changedByHydration.join('\n')).toContain('Written otherwise on the server');
        expect(m.renderedOtherwise.join('\n')).toContain('Written otherwise on the server');
      },
    },
    {
      name: 'an attribute',
      change: (root) => root.replace(/(<h3\b[^>]*>\s*<a\b[^>]*?\bhref=")[^"]*"/, '$1/linked-otherwise-on-the-server"'),
      finds: (m) => {
        // Hydration does not look at attributes: only the app's own render shows that the link is wrong.
        expect(m.renderedOtherwise.join('\n')).toContain('/linked-otherwise-on-the-server');
      },
    },
    {
      name: 'an element',
      change: (root) => root.replace(/<h3\b([^>]*)>([\s\S]*?)<\/h3>/, '<h4$1>$2</h4>'),
      finds: (m) => {
        expect(m.elementsReplaced).toBeGreaterThan(0);
        expect(m.changedByHydration.join('\n')).toContain('<h4');
      },
    },
  ];

  for (const c of injected) {
    test(`finds ${c.name} that differs from the app's render`, async ({ page }) => {
      const path = '/';
      const html = await (await page.request.get(path, { headers: { Accept: 'text/html' } })).text();
      const root = rootOf(html);
      expect(root, 'the page has a #root').not.toBeNull();
      const changed = c.change(root!.inner);
      expect(changed, `the change applies to ${path}`).not.toBe(root!.inner);
      const start = html.length - root!.inner.length;
      const body = html.slice(0, start) + changed;
      await page.context().route((u) => u.pathname === path, async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const resp = await route.fetch();
        const headers = { ...resp.headers() };
        delete headers['content-length'];
        delete headers['content-encoding'];
        await route.fulfill({ status: resp.status(), headers, body });
      });

      const hydrated = await loadRoot(page, path, 'hydrate');
      const fresh = await page.context().newPage();
      const client = await loadRoot(fresh, path, 'client');
      await fresh.close();
      const found = mismatches(hydrated, client);
      expect(found, 'the injected change is found').not.toEqual(noMismatch);
      c.finds(found);
    });
  }
});
