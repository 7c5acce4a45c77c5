import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Browser tests drive the real built binary (bin/inkpress, built by `make
// test-e2e`) on a throw-away SQLite database with the demo content, in
// Debian's Chromium: no browser download.
const port = Number(process.env.E2E_PORT ?? 18090);
// Workers load this file again and inherit the runner's environment: the
// runner's directory is kept, and tests find it (the mail outbox) there.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'inkpress-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--no-first-run', '--disable-sync', '--disable-quic'],
    },
  },
  webServer: {
    command: '../bin/inkpress',
    // Ready once the demo posts are written (they are written in the background).
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      INKPRESS_ADDR: `127.0.0.1:${port}`,
      INKPRESS_BASE_URL: `http://127.0.0.1:${port}`,
      INKPRESS_DATA_DIR: dataDir,
      INKPRESS_ADMIN_EMAIL: 'admin@e2e.test',
      INKPRESS_ADMIN_PASSWORD: 'admin-pass',
      INKPRESS_LOG_LEVEL: 'warn',
      // Every spec signs up from 127.0.0.1: more than a real address may in an hour.
      INKPRESS_SIGNUP_LIMIT: '100',
      INKPRESS_SUBSCRIBE_LIMIT: '100',
    },
  },
});
