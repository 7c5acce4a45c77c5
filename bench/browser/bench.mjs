// @ts-check
// Browser benchmark of InkPress's reader pages on a throttled phone (see
// bench/README.md, "Browser figure"). It starts the built server on a fresh
// data directory with the demo content, adds a workspace blog with generated
// posts and covers through the API, then loads each page cold several times
// in Chromium under Chrome DevTools Protocol throttling and reports the
// medians against the targets, as a table and as JSON in bench/results.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, request } from 'playwright-core';
import { bytesByKind, checks, stamp, classifyApi, cumulativeLayoutShift, kb, totalLayoutShift, ms, profile, summarize, table, totalBlockingTime } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const { values: opt } = parseArgs({
  options: {
    bin: { type: 'string', default: resolve(here, '../../bin/inkpress') },
    out: { type: 'string', default: resolve(here, '../results') },
    'base-url': { type: 'string', default: '' },
    port: { type: 'string', default: '0' },
    runs: { type: 'string', default: '5' },
    quiet: { type: 'string', default: '1000' },
    settle: { type: 'string', default: '3000' },
    'blog-posts': { type: 'string', default: '6' },
    pages: { type: 'string', default: '' },
    shots: { type: 'string', default: '' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    help: { type: 'boolean', default: false },
  },
});
if (opt.help) {
  console.log(`usage: node bench.mjs [--bin ../../bin/inkpress] [--out ../results] [--base-url URL] [--port N]
  [--runs 5] [--quiet 1000] [--settle 3000] [--blog-posts 6] [--pages post,home,category,blog,blogpost] [--shots DIR]`);
  process.exit(0);
}
const runs = Number(opt.runs);
const quietMs = Number(opt.quiet);
const settleMs = Number(opt.settle);
const blogPosts = Number(opt['blog-posts']);

/** The generous limits of a loaded 2-core machine under a 4x CPU slowdown. */
const NAV_TIMEOUT = 120_000;
const QUIET_TIMEOUT = 60_000;

/** Children to stop on the way out, whatever the way. */
const cleanups = /** @type {(() => void)[]} */ ([]);
function cleanup() {
  while (cleanups.length) cleanups.pop()?.();
}
process.on('exit', cleanup);
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(sig, () => {
    cleanup();
    process.exit(130);
  });
}

/** @returns {Promise<number>} a loopback port nobody listens on */
function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => ok(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** @param {number} msec */
const sleep = (msec) => new Promise((r) => setTimeout(r, msec));

/**
 * Starts the built server with the demo content on a fresh data directory
 * and waits until it is ready (the demo posts are written).
 * @returns {Promise<string>} its base URL
 */
async function startServer() {
  const port = Number(opt.port) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-browser-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(opt.bin, [], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      INKPRESS_ADDR: `127.0.0.1:${port}`,
      INKPRESS_BASE_URL: base,
      INKPRESS_DATA_DIR: dataDir,
      INKPRESS_DEMO: 'true',
      INKPRESS_LOG_LEVEL: 'error',
    },
  });
  cleanups.push(() => child.kill('SIGTERM'));
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${opt.bin} exited before it was ready`);
    const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ok) return base;
    await sleep(250);
  }
  throw new Error(`${opt.bin} not ready after 120 s`);
}

const blogTopics = [
  'Packing light for a week in Lisbon',
  'A slow weekend in the hills above Porto',
  'Eating well on night trains across Europe',
  'How to plan a rainy day in Edinburgh',
  'Cycling the canals of Amsterdam at dawn',
  'What to carry on a long day hike',
  'Finding quiet beaches on the Algarve',
  'A first visit to the markets of Marrakesh',
];

/**
 * Signs up an owner through the API, sets up the blog and generates posts
 * with covers by the builtin illustrator, as a new owner would.
 * @param {string} base
 * @returns {Promise<string>} the blog's slug
 */
async function seedBlog(base) {
  const api = await request.newContext({ baseURL: base });
  try {
    await api.get('/api/auth/me');
    const csrf = async () => (await api.storageState()).cookies.find((c) => c.name === 'inkpress_csrf')?.value ?? '';
    /** @param {string} path @param {unknown} data @param {'post'|'put'} [method] */
    const send = async (path, data, method = 'post') => {
      const r = await api[method](path, { data, headers: { 'X-CSRF-Token': await csrf() } });
      if (!r.ok()) throw new Error(`${path}: ${r.status()} ${await r.text()}`);
      return r.json();
    };
    await send('/api/auth/signup', { name: 'Maya Field', email: `bench-${Date.now()}@bench.test`, password: 'secret123' });
    const settings = { blogTitle: 'Field Notes', blogDescription: 'Slow travel, good food and the walks in between.',
      primaryColor: '#0ea5e9', fontFamily: 'Merriweather', templateId: 'template-1' };
    await send('/api/onboarding', { ...settings, categories: [
      { name: 'Travel', slug: 'travel', colorHex: '#0ea5e9', description: 'Journeys near and far' },
      { name: 'Food', slug: 'food', colorHex: '#f97316', description: 'What we ate on the way' },
    ] });
    /** @type {{id: number, status: string, error: string}[]} */
    const jobs = [];
    for (let i = 0; i < blogPosts; i++) {
      const queued = await send('/api/workspace/posts/generate', {
        category: i % 3 === 2 ? 'food' : 'travel', topic: blogTopics[i % blogTopics.length], inputMode: 'topic',
        keywords: 'travel, slow travel', tone: 'casual', length: 'medium', imageMode: 'ai', banners: [], generateImages: true,
      });
      jobs.push(queued.job);
    }
    for (const job of jobs) {
      const deadline = Date.now() + 180_000;
      for (let j = job; ; ) {
        if (j.status === 'succeeded') break;
        if (j.status === 'failed') throw new Error(`generation job ${j.id} failed: ${j.error}`);
        if (Date.now() > deadline) throw new Error(`generation job ${j.id} still ${j.status} after 180 s`);
        await sleep(500);
        j = (await (await api.get(`/api/workspace/jobs/${job.id}`)).json()).job;
      }
    }
    const me = await (await api.get('/api/auth/me')).json();
    return /** @type {string} */ (me.workspace.slug);
  } finally {
    await api.dispose();
  }
}

/**
 * The newest public post's URL path of a blog.
 * @param {string} base @param {string} workspace
 */
async function newestPost(base, workspace) {
  const r = await fetch(`${base}/api/posts?workspace=${encodeURIComponent(workspace)}&limit=1`);
  const body = await r.json();
  const p = body.posts?.[0];
  if (!p) throw new Error(`blog ${workspace} has no posts`);
  if (!p.coverImageUrl) throw new Error(`the newest post of ${workspace} has no cover`);
  return { url: /** @type {string} */ (p.url), category: /** @type {string} */ (p.category) };
}

/** Collects the page's own figures from the start of the document. */
const observe = () => {
  /** @param {Element | null | undefined} el */
  const describe = (el) => {
    if (!el) return '';
    const src = el.getAttribute('src');
    if (src) return `${el.tagName.toLowerCase()} ${src.split('/').pop()}`;
    return `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  };
  const b = /** @type {any} */ (window).__bench = { lcp: /** @type {any[]} */ ([]), shifts: /** @type {any[]} */ ([]),
    tasks: /** @type {any[]} */ ([]), fcp: NaN };
  /** @param {string} type @param {(e: any) => void} f */
  const watch = (type, f) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(f)).observe({ type, buffered: true });
    } catch {
      // An entry type this browser does not know is simply not reported.
    }
  };
  watch('largest-contentful-paint', (e) => b.lcp.push({ startTime: e.startTime, size: e.size, element: describe(e.element) }));
  watch('layout-shift', (e) => b.shifts.push({ startTime: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput }));
  watch('longtask', (e) => b.tasks.push({ startTime: e.startTime, duration: e.duration }));
  watch('paint', (e) => {
    if (e.name === 'first-contentful-paint') b.fcp = e.startTime;
  });
};

/**
 * One cold load of url in a fresh context under the phone profile.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @param {string} path
 * @param {string} shot a screenshot path, or empty
 * @returns {Promise<import('./lib.mjs').Load>}
 */
async function load(browser, base, path, shot) {
  const context = await browser.newContext({ viewport: profile.viewport, deviceScaleFactor: profile.deviceScaleFactor,
    isMobile: true, hasTouch: true, userAgent: profile.userAgent });
  try {
    await context.addInitScript(observe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    /** @type {Map<string, {url: string, method: string, type: string, priority: string, encodedBytes: number, decodedBytes: number, done: boolean}>} */
    const reqs = new Map();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (e) => {
      lastActivity = Date.now();
      if (!/^https?:/.test(e.request.url)) return;
      reqs.set(e.requestId, { url: e.request.url, method: e.request.method, type: e.type ?? 'Other',
        priority: e.request.initialPriority, encodedBytes: 0,
        decodedBytes: 0, done: false });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = reqs.get(e.requestId);
      if (r) r.type = e.type;
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = reqs.get(e.requestId);
      if (r) r.decodedBytes += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      lastActivity = Date.now();
      const r = reqs.get(e.requestId);
      if (r) Object.assign(r, { encodedBytes: e.encodedDataLength, done: true });
    });
    cdp.on('Network.loadingFailed', (e) => {
      lastActivity = Date.now();
      const r = reqs.get(e.requestId);
      if (r) r.done = true;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: profile.latencyMs,
      downloadThroughput: profile.downloadBytesPerSec, uploadThroughput: profile.uploadBytesPerSec });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });

    const resp = await page.goto(base + path, { waitUntil: 'load', timeout: NAV_TIMEOUT });
    if (!resp || resp.status() !== 200) throw new Error(`${path}: status ${resp?.status()}`);
    // The observation ends once the network has been quiet for `quiet` ms
    // after the load event, plus `settle` ms for late tasks and shifts.
    const quietBy = Date.now() + QUIET_TIMEOUT;
    while ([...reqs.values()].some((r) => !r.done) || Date.now() - lastActivity < quietMs) {
      if (Date.now() > quietBy) throw new Error(`${path}: network not quiet after ${QUIET_TIMEOUT / 1000} s`);
      await sleep(100);
    }
    await page.waitForTimeout(settleMs);
    const b = await page.evaluate(() => {
      const w = /** @type {any} */ (window).__bench;
      const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
      // The largest image in the first screen, and whether the page asked for it early.
      let hero = { src: '', area: 0, preloaded: false };
      for (const img of Array.from(document.images)) {
        const r = img.getBoundingClientRect();
        const area = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0)) *
          Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
        if (area > hero.area && img.currentSrc) hero = { src: img.currentSrc, area, preloaded: false };
      }
      if (hero.src) {
        hero.preloaded = Array.from(document.querySelectorAll('link[rel="preload"][as="image"]')).some((l) => {
          const link = /** @type {HTMLLinkElement} */ (l);
          return link.href === hero.src || (link.imageSrcset ?? '').split(',').some((c) => new URL(c.trim().split(/\s+/)[0], location.href).href === hero.src);
        });
      }
      return { ...w, hero, loadMs: nav.loadEventEnd, now: performance.now() };
    });
    if (shot) await page.screenshot({ path: shot });

    const responses = [...reqs.values()].filter((r) => r.done);
    const kinds = bytesByKind(responses);
    const api = classifyApi([...reqs.values()], base);
    const lcp = b.lcp.at(-1);
    return {
      lcpMs: lcp?.startTime ?? NaN,
      fcpMs: b.fcp,
      cls: cumulativeLayoutShift(b.shifts),
      clsTotal: totalLayoutShift(b.shifts),
      tbtMs: totalBlockingTime(b.tasks, b.fcp, b.now),
      loadMs: b.loadMs,
      jsBytes: kinds.script?.encoded ?? 0,
      jsDecodedBytes: kinds.script?.decoded ?? 0,
      cssBytes: kinds.stylesheet?.encoded ?? 0,
      cssDecodedBytes: kinds.stylesheet?.decoded ?? 0,
      imageBytes: kinds.image?.encoded ?? 0,
      fontFiles: kinds.font?.count ?? 0,
      requests: reqs.size,
      apiData: api.data,
      apiSession: api.session,
      apiWrites: api.writes,
      fonts: responses.filter((r) => r.type === 'Font').map((r) => new URL(r.url).pathname),
      lcpElement: lcp?.element ?? '',
      heroImage: b.hero.src ? new URL(b.hero.src).pathname : '',
      heroPriority: b.hero.src ? [...reqs.values()].find((r) => r.url === b.hero.src)?.priority ?? '' : '',
      heroPreloaded: b.hero.preloaded,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const started = Date.now();
  let base = opt['base-url'];
  if (!base) {
    console.log(`starting ${opt.bin} with the demo content...`);
    base = await startServer();
  }
  console.log(`seeding a workspace blog with ${blogPosts} generated posts and covers...`);
  const blog = await seedBlog(base);
  const sitePost = await newestPost(base, 'site');
  const blogPost = await newestPost(base, blog);
  const pages = [
    { key: 'post', name: 'post page', path: sitePost.url },
    { key: 'home', name: 'home', path: '/' },
    { key: 'category', name: 'category page', path: `/${sitePost.category}` },
    { key: 'blog', name: 'workspace blog', path: `/blog/${blog}` },
    { key: 'blogpost', name: 'workspace blog post', path: blogPost.url },
  ].filter((p) => !opt.pages || opt.pages.split(',').includes(p.key));
  // The server's page cache is warm: the figure is the browser's, not a cache miss.
  for (const p of pages) await fetch(base + p.path).then((r) => r.arrayBuffer());

  const browser = await chromium.launch({ executablePath: opt.chromium, args: ['--no-sandbox', '--disable-gpu',
    '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'] });
  cleanups.push(() => void browser.close().catch(() => undefined));
  if (opt.shots) mkdirSync(opt.shots, { recursive: true });
  /** @type {Map<string, import('./lib.mjs').Load[]>} */
  const loads = new Map(pages.map((p) => [p.key, []]));
  /** @type {string[]} */
  const errors = [];
  // Pages take turns, so a busy moment on the machine weighs on all alike.
  for (let i = 0; i < runs; i++) {
    for (const p of pages) {
      const shot = opt.shots && i === runs - 1 ? join(opt.shots, `${p.key}-phone.png`) : '';
      try {
        const l = await load(browser, base, p.path, shot);
        loads.get(p.key)?.push(l);
        console.log(`  ${p.key} #${i + 1}: LCP ${ms(l.lcpMs)}, CLS ${l.cls.toFixed(3)}, TBT ${ms(l.tbtMs)}, JS ${kb(l.jsBytes)}`);
      } catch (e) {
        errors.push(`${p.key} #${i + 1}: ${e instanceof Error ? e.message : e}`);
        console.log(`  ${p.key} #${i + 1}: ${errors.at(-1)}`);
      }
    }
  }
  const version = browser.version();
  await browser.close();

  const results = pages.map((p) => {
    const l = loads.get(p.key) ?? [];
    return { ...p, loads: l.length, summary: summarize(l), raw: l };
  });
  const allChecks = results.flatMap((r) => (r.loads ? checks(r.name, r.summary, { home: r.key === 'home' }) : []));
  for (const r of results) {
    if (r.loads < Math.ceil(runs / 2)) {
      allChecks.push({ page: r.name, target: 'cold loads measured', want: `>= ${Math.ceil(runs / 2)}`, got: String(r.loads), pass: false });
    }
  }

  const rows = [['page (median of cold loads)', 'loads', 'FCP', 'LCP', 'CLS', '(all)', 'TBT', 'load', 'JS', '(raw)', 'CSS', '(raw)',
    'images', 'fonts', 'requests', '/api/ data', '/api/ session']];
  for (const r of results) {
    const s = r.summary;
    rows.push([`${r.name} ${r.path.length > 40 ? r.path.slice(0, 39) + '…' : r.path}`, String(r.loads), ms(s.fcpMs), ms(s.lcpMs),
      s.cls.toFixed(3), s.clsTotal.toFixed(3), ms(s.tbtMs), ms(s.loadMs), kb(s.jsBytes), kb(s.jsDecodedBytes), kb(s.cssBytes), kb(s.cssDecodedBytes),
      kb(s.imageBytes), String(s.fontFiles), String(s.requests), String(s.apiData.length), String(s.apiSession.length)]);
  }
  console.log(`\nInkPress browser bench: Chromium ${version}, ${profile.viewport.width}x${profile.viewport.height} @${profile.deviceScaleFactor}x, ` +
    `1.6 Mbit/s down, 750 kbit/s up, ${profile.latencyMs} ms RTT, CPU ${profile.cpuSlowdown}x slower, cold cache, ${runs} loads per page\n`);
  console.log(table(rows));
  for (const r of results) {
    const s = r.summary;
    console.log(`\n${r.name}: LCP element ${s.lcpElements.join(' | ') || '-'}`);
    console.log(`  largest image in the first screen: ${s.heroImages.join(' | ') || 'none'}`);
    console.log(`  fonts: ${s.fonts.join(', ') || 'none'}`);
    console.log(`  /api/ data: ${s.apiData.join(', ') || 'none'}; session: ${s.apiSession.join(', ') || 'none'}; ` +
      `writes: ${s.apiWrites.join(', ') || 'none'}`);
  }
  console.log();
  for (const c of allChecks) console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.page}: ${c.target}: want ${c.want}, got ${c.got}`);
  for (const e of errors) console.log(`error: ${e}`);

  const report = {
    time: new Date().toISOString(),
    chromium: version,
    profile: { ...profile, runs, quietMs, settleMs, cache: 'disabled, new context per load' },
    definitions: {
      bytes: 'CDP Network.loadingFinished encodedDataLength: as sent over the wire (compressed, headers included); raw: decoded',
      cls: 'largest session window of layout shifts without recent input (gap < 1 s, window <= 5 s)',
      tbt: 'sum over long tasks after FCP of (duration - 50 ms), until the network has been quiet for quietMs after load, plus settleMs',
      lcp: 'last largest-contentful-paint entry at the end of the observation',
    },
    pages: results,
    checks: allChecks,
    errors,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync(opt.out, { recursive: true });
  const file = join(opt.out, `${stamp(new Date())}-browser.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nwrote ${file} (total ${report.seconds} s)`);
}

main().then(
  () => {
    cleanup();
    process.exit(0);
  },
  (e) => {
    console.error('bench-browser:', e instanceof Error ? e.message : e);
    cleanup();
    process.exit(1);
  },
);
