import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

// Browser tests drive the real built binary (bin/inkpress, built by `make
// test-e2e`) on a throw-away SQLite database with the demo content, in
// Debian's Chromium: no browser download.
const port = Number(process.env.E2E_PORT ?? 18090);
// Workers load this file again and inherit the runner's environment: the
// runner's directory is kept, and tests find it (the mail outbox) there.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'inkpress-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const admin = { INKPRESS_ADMIN_EMAIL: 'admin@e2e.test', INKPRESS_ADMIN_PASSWORD: 'admin-pass' };
// Every spec signs up from 127.0.0.1: more than a real address may in an hour.
const limits = { INKPRESS_SIGNUP_LIMIT: '100', INKPRESS_SUBSCRIBE_LIMIT: '100' };

// A second server sends its e-mail to Mailpit, a real SMTP server whose messages tests read through
// its API (tests/mailpit.ts). Mailpit is built once into the tool cache by scripts/test-deps.sh
// (`make test-e2e` does it); INKPRESS_MAILPIT names another binary. Without it, the specs that need it
// skip, saying why, unless the run requires every real part (CI=true, or INKPRESS_TEST_REQUIRE=all or
// mailpit, as `make test-e2e` sets): then the run stops here.
const mailpit = process.env.INKPRESS_MAILPIT || join(homedir(), '.cache', 'inkpress-tools', 'mailpit');
const requiredParts = (process.env.INKPRESS_TEST_REQUIRE ?? '').split(',').map((s) => s.trim());
const mailpitRequired = process.env.CI === 'true' || requiredParts.includes('all') || requiredParts.includes('mailpit');
const haveMailpit = existsSync(mailpit);
if (!haveMailpit) {
  const why = `Mailpit is missing (${mailpit}): run scripts/test-deps.sh mailpit, or set INKPRESS_MAILPIT`;
  if (mailpitRequired) throw new Error(why);
  process.env.E2E_MAILPIT_MISSING = why;
}
const mailPort = Number(process.env.E2E_MAIL_PORT ?? 18091);
const smtpPort = Number(process.env.E2E_MAILPIT_SMTP_PORT ?? 18025);
const mailpitPort = Number(process.env.E2E_MAILPIT_PORT ?? 18026);
const mailDataDir = process.env.E2E_MAIL_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'inkpress-e2e-mail-'));
process.env.E2E_MAIL_DATA_DIR = mailDataDir;
if (haveMailpit) {
  // The second server's address and Mailpit's API, for the specs that use them.
  process.env.E2E_MAIL_BASE_URL = `http://127.0.0.1:${mailPort}`;
  process.env.E2E_MAILPIT_URL = `http://127.0.0.1:${mailpitPort}`;
}

const inkpress = {
  command: '../bin/inkpress',
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

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
  // Started in this order, each once the one before is ready: Mailpit before the server that sends to it
  // (a server tries its SMTP server at start).
  webServer: [
    {
      ...inkpress,
      // Ready once the demo posts are written (they are written in the background).
      url: `http://127.0.0.1:${port}/readyz`,
      env: {
        INKPRESS_ADDR: `127.0.0.1:${port}`,
        INKPRESS_BASE_URL: `http://127.0.0.1:${port}`,
        INKPRESS_DATA_DIR: dataDir,
        ...admin,
        INKPRESS_LOG_LEVEL: 'warn',
        ...limits,
      },
    },
    ...(haveMailpit
      ? [
          {
            // Loopback only, its database a temporary file removed when it stops; no version check.
            command: `${mailpit} --smtp 127.0.0.1:${smtpPort} --listen 127.0.0.1:${mailpitPort} --disable-version-check --quiet`,
            url: `http://127.0.0.1:${mailpitPort}/readyz`,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'ignore',
            stderr: 'pipe',
          } as const,
          {
            ...inkpress,
            url: `http://127.0.0.1:${mailPort}/readyz`,
            env: {
              INKPRESS_ADDR: `127.0.0.1:${mailPort}`,
              INKPRESS_BASE_URL: `http://127.0.0.1:${mailPort}`,
              INKPRESS_DATA_DIR: mailDataDir,
              ...admin,
              INKPRESS_LOG_LEVEL: 'warn',
              ...limits,
              INKPRESS_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
              // Its readers and owners are the tests': no demo blog to write first.
              INKPRESS_DEMO: 'false',
            },
          },
        ]
      : []),
  ],
});
