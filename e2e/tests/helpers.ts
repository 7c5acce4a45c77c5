import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 900 };

/** A unique e-mail per test run, so tests never collide on the shared database. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
}

/** Saves a full-page screenshot as a test artifact under e2e/artifacts/. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `artifacts/${name}.png`, fullPage: true });
}

export async function signUp(page: Page, name: string, email: string, password = 'secret123'): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign up|create/i }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
}

/** Signs in as the admin the e2e server starts with, at `viewport`, and waits for the admin dashboard. */
export async function adminLogin(page: Page, viewport = desktop): Promise<void> {
  await page.setViewportSize(viewport);
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('admin-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

/** Closes the toasts so they do not cover the page in screenshots. */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close toast' });
  for (let i = await close.count(); i > 0; i--) {
    await close.first().click({ timeout: 2_000 }).catch(() => undefined);
  }
  await expect(close).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
}

/** Screenshots at phone and desktop widths (toasts closed), then back to `back`. */
export async function snapBoth(page: Page, name: string, back = desktop): Promise<void> {
  await closeToasts(page);
  for (const [size, label] of [[phone, 'phone'], [desktop, 'desktop']] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await snap(page, `${name}-${label}`);
  }
  await page.setViewportSize(back);
}

// ---- A small PNG, drawn here so an upload is a real image ----
type RGB = [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A width x height RGB PNG with a diagonal gradient from `from` to `to` (one colour when `to` is left out). */
export function png(width: number, height: number, from: RGB, to: RGB = from): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(height * stride); // each row starts with filter byte 0
  const span = Math.max(1, width - 1 + (height - 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / span;
      const o = y * stride + 1 + x * 3;
      for (let i = 0; i < 3; i++) raw[o + i] = Math.round(from[i] + (to[i] - from[i]) * t);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An e-mail read from the server's outbox folder. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Headers of one MIME entity (folded lines joined; names lower-cased) and its body. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const sep = raw.search(/\r?\n\r?\n/);
  const head = sep < 0 ? raw : raw.slice(0, sep);
  const body = sep < 0 ? '' : raw.slice(sep).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const m = soft[i] === '=' ? /^[0-9A-Fa-f]{2}$/.exec(soft.slice(i + 1, i + 3)) : null;
    if (m) {
      bytes.push(parseInt(m[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding = ''): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) of a header. */
function decodeHeader(v: string): string {
  return v
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The text/plain and text/html parts of an entity, walking nested multiparts. */
function collectParts(raw: string, out: { text: string; html: string }): void {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`);
    for (const part of parts.slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  if (/^text\/html/i.test(type)) out.html += decoded;
  else if (/^text\/plain/i.test(type)) out.text += decoded;
}

/** Parses an .eml file's text. */
export function parseEml(raw: string, file = ''): OutboxMail {
  const { headers } = splitEntity(raw);
  const parts = { text: '', html: '' };
  collectParts(raw, parts);
  return { file, to: decodeHeader(headers.get('to') ?? ''), subject: decodeHeader(headers.get('subject') ?? ''), ...parts };
}

async function emlFiles(dir: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await emlFiles(p)));
    else if (e.name.endsWith('.eml')) out.push(p);
  }
  return out;
}

/**
 * Waits for an e-mail to `to` whose subject contains `subjectContains` in the e2e server's outbox
 * (<data-dir>/outbox: without SMTP the mail worker writes .eml files there) and returns the newest
 * one. The queue is sent by a background worker, so the deadline is generous.
 */
export async function readOutbox(to: string, subjectContains: string, timeoutMs = 60_000): Promise<OutboxMail> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const { join } = await import('node:path');
  const { readFile, stat } = await import('node:fs/promises');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found: { mail: OutboxMail; mtime: number }[] = [];
    for (const file of await emlFiles(join(dataDir, 'outbox'))) {
      const mail = parseEml(await readFile(file, 'utf8'), file);
      if (mail.to.toLowerCase().includes(to.toLowerCase()) && mail.subject.includes(subjectContains)) {
        found.push({ mail, mtime: (await stat(file)).mtimeMs });
      }
    }
    if (found.length > 0) return found.sort((a, b) => b.mtime - a.mtime)[0].mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} with "${subjectContains}" in ${dataDir}/outbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link of the mail (text part, else HTML) whose path matches `path`, e.g. '/reset-password'. */
export function mailLink(mail: OutboxMail, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`https?://[^\\s"'<>]*${escaped}\\?token=[A-Za-z0-9_-]+`);
  const m = re.exec(mail.text) ?? re.exec(mail.html.replace(/&amp;/g, '&'));
  if (!m) throw new Error(`no ${path} link in the e-mail "${mail.subject}" (${mail.file})`);
  return m[0];
}
