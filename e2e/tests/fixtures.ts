import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

/** Marks a violation reported by the page's own `securitypolicyviolation` listener. */
const marker = 'inkpress-csp-violation:';

const guarded = new WeakSet<BrowserContext>();

/**
 * Records every Content-Security-Policy violation of every page in the context:
 * the `securitypolicyviolation` event (reported through the console) and
 * Chromium's own "Refused to ..." console messages. Exported for contexts a
 * spec opens outside a test (a serial describe's `beforeAll`), which then checks `found` itself.
 */
export async function guard(context: BrowserContext, found: string[]): Promise<void> {
  if (guarded.has(context)) return;
  guarded.add(context);
  await context.addInitScript((m: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`${m} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  }, marker);
  context.on('console', (msg) => {
    const text = msg.text();
    if (text.includes(marker) || text.includes('Refused to') || text.includes('Content Security Policy')) {
      found.push(`${msg.location().url}: ${text}`);
    }
  });
}

/**
 * `test` fails any test during which a page broke the Content-Security-Policy,
 * in the default context and in contexts the test opens itself
 * (`browser.newContext`, `browser.newPage`). `cspViolations` lists what was seen,
 * for tests that provoke a violation on purpose (they empty it afterwards).
 */
export const test = base.extend<{ cspViolations: string[]; cspGuard: void }>({
  cspViolations: async ({}, use) => {
    await use([]);
  },
  cspGuard: [
    async ({ browser, context, cspViolations }, use) => {
      await guard(context, cspViolations);
      const b = browser as Browser;
      const newContext = b.newContext;
      b.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const c = await newContext.apply(b, args);
        await guard(c, cspViolations);
        return c;
      };
      try {
        await use();
      } finally {
        b.newContext = newContext;
      }
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Browser, Page } from '@playwright/test';
