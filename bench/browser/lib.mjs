// @ts-check
// Pure rules of the browser benchmark: the metrics' definitions, medians,
// which /api/ requests are allowed, the targets and the printed table.
// bench.mjs drives the browser; everything here is tested by lib.test.mjs.

/** The throttled phone profile every load runs in. */
export const profile = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  // CDP takes bytes per second: 1.6 Mbit/s down, 750 kbit/s up.
  downloadBytesPerSec: (1.6 * 1000 * 1000) / 8,
  uploadBytesPerSec: (750 * 1000) / 8,
  latencyMs: 150,
  cpuSlowdown: 4,
};

/** The targets a reader page must meet (compressed bytes as sent over the wire). */
export const targets = {
  lcpMs: 2000,
  cls: 0.02,
  tbtMs: 200,
  jsBytes: 100 * 1024,
  cssBytes: 30 * 1024,
  homeImageBytes: 200 * 1024,
};

/** Initial request priorities (CDP) of an image marked fetchpriority="high" or preloaded so. */
const highPriorities = ['High', 'VeryHigh'];

/** A long task blocks the main thread for whatever it runs beyond this. */
const BLOCKING_THRESHOLD_MS = 50;

/**
 * /api/ endpoints the public pages may call while loading: they answer
 * about the visitor's session, which a shared cached page cannot carry.
 * Anything else under /api/ is data the page's HTML should have carried.
 */
export const sessionEndpoints = ['/api/auth/me'];

/**
 * Median of the numbers (the mean of the middle two for an even count);
 * NaN for none. Values that are not finite numbers are left out.
 * @param {number[]} values
 */
export function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/**
 * Cumulative layout shift as Chrome reports it: layout shifts not caused by
 * recent input, grouped in session windows (a gap under 1 s, at most 5 s
 * long), and the largest window's sum.
 * @param {{startTime: number, value: number, hadRecentInput: boolean}[]} shifts
 */
export function cumulativeLayoutShift(shifts) {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (s.hadRecentInput) continue;
    if (s.startTime - last >= 1000 || s.startTime - first >= 5000) {
      sum = 0;
      first = s.startTime;
    }
    sum += s.value;
    last = s.startTime;
    best = Math.max(best, sum);
  }
  return best;
}

/**
 * Every layout shift not caused by recent input, summed (the older CLS
 * definition, reported next to the session-window figure).
 * @param {{value: number, hadRecentInput: boolean}[]} shifts
 */
export function totalLayoutShift(shifts) {
  return shifts.reduce((sum, s) => (s.hadRecentInput ? sum : sum + s.value), 0);
}

/**
 * Total blocking time: for every long task between first contentful paint
 * and the end of the observation (`endMs`), the part of it beyond 50 ms.
 * A task that began before FCP counts from FCP (as Lighthouse does); one
 * that outlasts the end counts up to the end.
 * @param {{startTime: number, duration: number}[]} tasks
 * @param {number} fcpMs
 * @param {number} endMs
 */
export function totalBlockingTime(tasks, fcpMs, endMs) {
  let total = 0;
  for (const t of tasks) {
    const start = Math.max(t.startTime, fcpMs);
    const end = Math.min(t.startTime + t.duration, endMs);
    total += Math.max(0, end - start - BLOCKING_THRESHOLD_MS);
  }
  return total;
}

/**
 * Sorts the requests made under /api/ into session reads (allowed), data
 * reads (which the HTML should have carried) and writes such as a view
 * count (not data; listed apart). Other URLs are left out.
 * @param {{url: string, method: string}[]} requests
 * @param {string} origin the server's origin; other origins are not its API
 */
export function classifyApi(requests, origin) {
  /** @type {{session: string[], data: string[], writes: string[]}} */
  const out = { session: [], data: [], writes: [] };
  for (const r of requests) {
    const u = new URL(r.url);
    if (u.origin !== origin || !u.pathname.startsWith('/api/')) continue;
    const label = `${r.method} ${u.pathname}${u.search}`;
    if (r.method !== 'GET' && r.method !== 'HEAD') out.writes.push(label);
    else out[sessionEndpoints.includes(u.pathname) ? 'session' : 'data'].push(label);
  }
  return out;
}

/**
 * Sums the bytes of finished responses by kind (CDP resource types folded
 * into script, stylesheet, image, font, document, fetch and other).
 * @param {{type: string, encodedBytes: number, decodedBytes: number}[]} responses
 */
export function bytesByKind(responses) {
  /** @type {Record<string, {encoded: number, decoded: number, count: number}>} */
  const out = {};
  for (const r of responses) {
    const k = kindOf(r.type);
    out[k] ??= { encoded: 0, decoded: 0, count: 0 };
    out[k].encoded += r.encodedBytes;
    out[k].decoded += r.decodedBytes;
    out[k].count++;
  }
  return out;
}

/** @param {string} type a CDP Network.ResourceType */
function kindOf(type) {
  switch (type) {
    case 'Script':
    case 'Stylesheet':
    case 'Image':
    case 'Font':
    case 'Document':
      return type.toLowerCase();
    case 'XHR':
    case 'Fetch':
      return 'fetch';
    default:
      return 'other';
  }
}

/**
 * @typedef {object} Load one cold load's figures
 * @property {number} lcpMs
 * @property {number} fcpMs
 * @property {number} cls
 * @property {number} clsTotal
 * @property {number} tbtMs
 * @property {number} loadMs the load event
 * @property {number} jsBytes compressed, as sent (headers included)
 * @property {number} jsDecodedBytes
 * @property {number} cssBytes
 * @property {number} cssDecodedBytes
 * @property {number} imageBytes
 * @property {number} fontFiles
 * @property {number} requests
 * @property {string[]} apiData
 * @property {string[]} apiSession
 * @property {string[]} apiWrites
 * @property {string[]} fonts
 * @property {string} lcpElement
 * @property {string} heroImage the largest image in the first screen (path), or empty
 * @property {string} heroPriority its request's initial priority (CDP: VeryHigh, High, Medium, Low, VeryLow)
 * @property {boolean} heroPreloaded whether a <link rel="preload" as="image"> names it
 */

/**
 * The page's figure: the median of each number over its loads, and every
 * /api/ request and font any load made.
 * @param {Load[]} loads
 */
export function summarize(loads) {
  /** @param {(l: Load) => number} f */
  const m = (f) => median(loads.map(f));
  /** @param {(l: Load) => string[]} f */
  const union = (f) => [...new Set(loads.flatMap(f))].sort();
  return {
    lcpMs: m((l) => l.lcpMs),
    fcpMs: m((l) => l.fcpMs),
    cls: m((l) => l.cls),
    clsTotal: m((l) => l.clsTotal),
    tbtMs: m((l) => l.tbtMs),
    loadMs: m((l) => l.loadMs),
    jsBytes: m((l) => l.jsBytes),
    jsDecodedBytes: m((l) => l.jsDecodedBytes),
    cssBytes: m((l) => l.cssBytes),
    cssDecodedBytes: m((l) => l.cssDecodedBytes),
    imageBytes: m((l) => l.imageBytes),
    fontFiles: m((l) => l.fontFiles),
    requests: m((l) => l.requests),
    apiData: union((l) => l.apiData),
    apiSession: union((l) => l.apiSession),
    apiWrites: union((l) => l.apiWrites),
    fonts: union((l) => l.fonts),
    lcpElements: union((l) => (l.lcpElement ? [l.lcpElement] : [])),
    heroImages: union((l) => (l.heroImage ? [`${l.heroImage} (${l.heroPriority || '?'} priority${l.heroPreloaded ? ', preloaded' : ''})`] : [])),
    // The first screen's largest image was asked for at high priority from the start in every load.
    heroHigh: loads.length > 0 && loads.every((l) => !l.heroImage || highPriorities.includes(l.heroPriority)),
  };
}

/**
 * @typedef {{page: string, target: string, want: string, got: string, pass: boolean}} Check
 */

/**
 * The PASS/FAIL checks of one page's summary. The image budget applies to
 * the home page only; the largest image of the first screen (if any) must be
 * asked for at high priority on every page.
 * @param {string} page
 * @param {ReturnType<typeof summarize>} s
 * @param {{home?: boolean}} [opts]
 * @returns {Check[]}
 */
export function checks(page, s, opts = {}) {
  /** @type {Check[]} */
  const out = [
    { page, target: 'largest contentful paint', want: `< ${ms(targets.lcpMs)}`, got: ms(s.lcpMs), pass: s.lcpMs < targets.lcpMs },
    { page, target: 'cumulative layout shift', want: `< ${targets.cls}`, got: s.cls.toFixed(3), pass: s.cls < targets.cls },
    { page, target: 'total blocking time', want: `< ${ms(targets.tbtMs)}`, got: ms(s.tbtMs), pass: s.tbtMs < targets.tbtMs },
    { page, target: 'JavaScript, compressed', want: `<= ${kb(targets.jsBytes)}`, got: kb(s.jsBytes), pass: s.jsBytes <= targets.jsBytes },
    { page, target: 'CSS, compressed', want: `<= ${kb(targets.cssBytes)}`, got: kb(s.cssBytes), pass: s.cssBytes <= targets.cssBytes },
  ];
  if (opts.home) {
    out.push({ page, target: 'images', want: `<= ${kb(targets.homeImageBytes)}`, got: kb(s.imageBytes),
      pass: s.imageBytes <= targets.homeImageBytes });
  }
  out.push({ page, target: 'largest first-screen image requested at high priority', want: 'High from the start',
    got: s.heroImages.join(' | ') || 'no image', pass: s.heroHigh });
  out.push({ page, target: 'no /api/ data requests', want: 'none', got: s.apiData.length ? s.apiData.join(', ') : 'none',
    pass: s.apiData.length === 0 });
  return out;
}

/** @param {number} v */
export function ms(v) {
  return Number.isFinite(v) ? (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`) : '-';
}

/** @param {number} v bytes */
export function kb(v) {
  return Number.isFinite(v) ? `${(v / 1024).toFixed(1)} KB` : '-';
}

/**
 * Lays out rows as right-aligned columns (the first left-aligned).
 * @param {string[][]} rows the first row is the header
 */
export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd())
    .join('\n');
}

/**
 * The results file's time stamp, local time, as the Go bench names its files: 20060102-150405.
 * @param {Date} d
 */
export function stamp(d) {
  const p = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}
