// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bytesByKind, checks, classifyApi, cumulativeLayoutShift, median, stamp, summarize, table, totalBlockingTime,
  totalLayoutShift } from './lib.mjs';

test('median', () => {
  for (const [values, want] of /** @type {[number[], number][]} */ ([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
    [[1, NaN, 9, 5], 5],
    [[10, 2, 30, 4, 1000], 10],
  ])) {
    assert.equal(median(values), want, JSON.stringify(values));
  }
  assert.ok(Number.isNaN(median([])));
  assert.ok(Number.isNaN(median([NaN])));
});

test('cumulative layout shift takes the largest session window', () => {
  const s = (/** @type {number} */ startTime, /** @type {number} */ value, hadRecentInput = false) => ({ startTime, value, hadRecentInput });
  for (const [name, shifts, want] of /** @type {[string, ReturnType<typeof s>[], number][]} */ ([
    ['none', [], 0],
    ['one window', [s(100, 0.1), s(600, 0.2), s(1500, 0.05)], 0.35],
    ['a gap of 1 s starts a new window', [s(100, 0.1), s(1100, 0.2)], 0.2],
    ['a window ends after 5 s', [s(0, 0.1), s(900, 0.1), s(1800, 0.1), s(2700, 0.1), s(3600, 0.1), s(4500, 0.1), s(5400, 0.3)], 0.6],
    ['shifts after input do not count', [s(100, 0.1), s(200, 0.5, true)], 0.1],
    ['order of entries does not matter', [s(1500, 0.05), s(100, 0.1), s(600, 0.2)], 0.35],
  ])) {
    assert.ok(Math.abs(cumulativeLayoutShift(shifts) - want) < 1e-9, `${name}: ${cumulativeLayoutShift(shifts)} != ${want}`);
  }
  assert.ok(Math.abs(totalLayoutShift([s(0, 0.1), s(3000, 0.2), s(9000, 0.3, true)]) - 0.3) < 1e-9);
});

test('total blocking time counts long tasks beyond 50 ms after FCP', () => {
  const t = (/** @type {number} */ startTime, /** @type {number} */ duration) => ({ startTime, duration });
  for (const [name, tasks, fcp, end, want] of /** @type {[string, ReturnType<typeof t>[], number, number, number][]} */ ([
    ['none', [], 100, 5000, 0],
    ['after FCP', [t(1000, 120), t(2000, 60)], 500, 5000, 80],
    ['before FCP', [t(100, 300)], 500, 5000, 0],
    ['straddling FCP counts from FCP', [t(400, 200)], 500, 5000, 50],
    ['straddling the end counts up to it', [t(4900, 300)], 500, 5000, 50],
    ['after the end', [t(6000, 300)], 500, 5000, 0],
    ['a 50 ms task blocks nothing', [t(1000, 50)], 500, 5000, 0],
  ])) {
    assert.equal(totalBlockingTime(tasks, fcp, end), want, name);
  }
});

test('classifyApi tells session requests from data requests', () => {
  const origin = 'http://127.0.0.1:8080';
  const got = classifyApi([
    { url: `${origin}/`, method: 'GET' },
    { url: `${origin}/api/auth/me`, method: 'GET' },
    { url: `${origin}/api/posts?limit=6`, method: 'GET' },
    { url: `${origin}/api/posts/tech/x?view=1`, method: 'GET' },
    { url: `${origin}/api/auth/me/extra`, method: 'GET' },
    { url: `${origin}/api/auth/me`, method: 'POST' },
    { url: `${origin}/assets/api/x.js`, method: 'GET' },
    { url: 'https://elsewhere.example/api/posts', method: 'GET' },
  ], origin);
  assert.deepEqual(got.session, ['GET /api/auth/me']);
  assert.deepEqual(got.data, ['GET /api/posts?limit=6', 'GET /api/posts/tech/x?view=1', 'GET /api/auth/me/extra']);
  assert.deepEqual(got.writes, ['POST /api/auth/me']);
});

test('bytesByKind folds resource types', () => {
  const got = bytesByKind([
    { type: 'Script', encodedBytes: 100, decodedBytes: 300 },
    { type: 'Script', encodedBytes: 50, decodedBytes: 60 },
    { type: 'Fetch', encodedBytes: 10, decodedBytes: 20 },
    { type: 'XHR', encodedBytes: 1, decodedBytes: 2 },
    { type: 'Ping', encodedBytes: 5, decodedBytes: 5 },
  ]);
  assert.deepEqual(got, {
    script: { encoded: 150, decoded: 360, count: 2 },
    fetch: { encoded: 11, decoded: 22, count: 2 },
    other: { encoded: 5, decoded: 5, count: 1 },
  });
});

/** @returns {import('./lib.mjs').Load} */
function load(/** @type {Partial<import('./lib.mjs').Load>} */ over) {
  return { lcpMs: 1500, fcpMs: 900, cls: 0, clsTotal: 0, tbtMs: 100, loadMs: 1800, jsBytes: 90 * 1024, jsDecodedBytes: 300 * 1024,
    cssBytes: 20 * 1024, cssDecodedBytes: 90 * 1024, imageBytes: 150 * 1024, fontFiles: 2, requests: 10, apiData: [],
    apiSession: ['GET /api/auth/me'], apiWrites: [], fonts: ['/a.woff2'], lcpElement: 'img a.webp',
    heroImage: '/media/a-480.webp', heroPriority: 'High', heroPreloaded: true, ...over };
}

test('summarize takes medians and unions', () => {
  const s = summarize([load({ lcpMs: 3000, apiData: ['GET /api/site'] }), load({ lcpMs: 1000 }), load({ lcpMs: 2000, fonts: ['/b.woff2'] })]);
  assert.equal(s.lcpMs, 2000);
  assert.deepEqual(s.apiData, ['GET /api/site']);
  assert.deepEqual(s.apiSession, ['GET /api/auth/me']);
  assert.deepEqual(s.fonts, ['/a.woff2', '/b.woff2']);
});

test('checks pass at the targets and fail beyond them', () => {
  const good = checks('home', summarize([load({})]), { home: true });
  assert.deepEqual(good.filter((c) => !c.pass), []);
  assert.equal(good.length, 8);
  assert.equal(checks('post', summarize([load({})])).length, 7, 'the image budget is the home page only');
  const bad = checks('home', summarize([load({ lcpMs: 2000, cls: 0.02, tbtMs: 200, jsBytes: 100 * 1024 + 1, cssBytes: 30 * 1024 + 1,
    imageBytes: 200 * 1024 + 1, apiData: ['GET /api/posts'], heroPriority: 'Low' })]), { home: true });
  assert.deepEqual(bad.filter((c) => c.pass), []);
});

test('the largest image must be high priority in every load', () => {
  assert.equal(summarize([load({}), load({ heroPriority: 'VeryHigh' })]).heroHigh, true);
  assert.equal(summarize([load({}), load({ heroPriority: 'Medium' })]).heroHigh, false);
  assert.equal(summarize([load({ heroImage: '', heroPriority: '' })]).heroHigh, true, 'no image in the first screen: nothing to ask for');
  assert.deepEqual(summarize([load({ heroPreloaded: false, heroPriority: 'Low' })]).heroImages, ['/media/a-480.webp (Low priority)']);
});

test('table aligns columns', () => {
  assert.equal(table([['page', 'LCP'], ['home', '1.00 s'], ['a longer name', '9 ms']]),
    'page              LCP\nhome           1.00 s\na longer name    9 ms');
});

test('stamp', () => {
  assert.equal(stamp(new Date(2026, 10, 5, 7, 3, 9)), '20261105-070309');
});
