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
