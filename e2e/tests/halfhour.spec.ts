import { mkdirSync } from 'node:fs';
import { expect, guard, test, type Page } from './fixtures';
import type { BrowserContext, TestInfo } from '@playwright/test';
import { closeToasts, desktop, phone, png, uniqueEmail } from './helpers';
import { header, headers, htmlCheck, linkIn, waitForMessage, type Message } from './mailpit';

// A new owner's first half hour, on the e2e server that sends its e-mail to Mailpit (a real SMTP
// server; playwright.config.ts starts both): sign up and verify the address from the e-mail, name the
// blog and choose its address, write a post by hand with an image and a video, publish it, have a
// reader subscribe and confirm from the e-mail, send a test and the post's newsletter, and see the
// reader unsubscribe from it. Each step checks what a person would see, the e-mail in Mailpit and the
// stored state, and leaves screenshots in e2e/screenshots/halfhour/ (NN-name-{390,1280}.png).

const baseURL = process.env.E2E_MAIL_BASE_URL ?? '';
const shots = 'screenshots/halfhour';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL, viewport: desktop });

// What the steps hand on to the next.
const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ownerEmail = uniqueEmail('halfhour-owner');
const readerEmail = uniqueEmail('halfhour-reader');
const ownerName = 'Maya Tidewell';
const blogName = `Tideline Notes ${id}`;
const address = `tideline-${id}`;
const title = `A morning at the tide pools ${id}`;
const imageAlt = 'A tide pool at dusk';
const videoId = 'dQw4w9WgXcQ';
let postId = 0;
let postPath = '';
let newsletter: Message | undefined;

let ownerContext: BrowserContext;
let owner: Page;
let readerContext: BrowserContext;
let reader: Page;
// CSP violations of the two contexts opened for the whole describe (each test checks them).
const violations: string[] = [];

/**
 * Saves a full-page screenshot as NN-name-1280.png (and NN-name-390.png at a phone's width when
 * `phoneToo`), attached to the test's report; the viewport is the desktop's again afterwards.
 */
async function shot(page: Page, info: TestInfo, name: string, phoneToo = false): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await closeToasts(page);
  const sizes = phoneToo ? [phone, desktop] : [desktop];
  for (const size of sizes) {
    await page.setViewportSize(size);
    // from the top (a sticky bar is drawn where the page is scrolled to), once the layout settled at
    // the new width (no fixed wait: two animation frames)
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const path = `${shots}/${name}-${size.width}.png`;
    await page.screenshot({ path, fullPage: true });
    await info.attach(`${name}-${size.width}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize(desktop);
}

interface WorkspaceAnswer {
  workspace: { slug: string; name: string };
  settings: { blogTitle: string; newsletterEnabled: boolean; newsletterFullText: boolean };
  mail: { sending: boolean; verified: boolean };
}

async function workspace(page: Page): Promise<WorkspaceAnswer> {
  const res = await page.request.get('/api/workspace');
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as WorkspaceAnswer;
}

interface StoredPost {
  id: number;
  title: string;
  content: string;
  status: string;
  category: string;
  tags: string[];
  newsletter: string;
}

async function storedPost(page: Page, postID: number): Promise<StoredPost> {
  const res = await page.request.get(`/api/workspace/posts/${postID}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).post as StoredPost;
}

interface SubscribersAnswer {
  subscribers: { email: string; status: string }[];
}

async function subscriberStatus(page: Page, email: string): Promise<string | undefined> {
  const res = await page.request.get(`/api/workspace/subscribers?q=${encodeURIComponent(email)}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as SubscribersAnswer).subscribers.find((s) => s.email === email)?.status;
}

test.beforeAll(async ({ browser }) => {
  // Required runs (CI, make test-e2e) stop in playwright.config.ts without Mailpit; others skip here.
  test.skip(!baseURL, process.env.E2E_MAILPIT_MISSING ?? 'E2E_MAIL_BASE_URL is not set (playwright.config.ts)');
  ownerContext = await browser.newContext({ baseURL, viewport: desktop });
  readerContext = await browser.newContext({ baseURL, viewport: desktop });
  await guard(ownerContext, violations);
  await guard(readerContext, violations);
  owner = await ownerContext.newPage();
  reader = await readerContext.newPage();
});

test.afterEach(() => {
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
});

test.afterAll(async () => {
  await ownerContext?.close();
  await readerContext?.close();
});

test('1. signs up, and verifies the address from the e-mail in Mailpit', async ({}, info) => {
  test.setTimeout(180_000);
  await owner.goto('/signup');
  await expect(owner.getByRole('heading', { name: 'Create your blog' })).toBeVisible();
  const form = owner.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill(ownerName);
  await form.getByLabel('Email').fill(ownerEmail);
  await form.getByLabel('Password', { exact: true }).fill('tide-pools-1');
  await form.getByLabel(/Blog Name/).fill(blogName);
  await shot(owner, info, '01-signup', true);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(owner).toHaveURL(/\/onboarding$/, { timeout: 30_000 });
  expect((await workspace(owner)).mail.verified).toBe(false);

  const verify = await waitForMessage(ownerEmail, 'Verify your e-mail address');
  expect(verify.Text).toContain(ownerName.split(' ')[0]);
  const link = linkIn(verify, '/verify-email?token=');
  expect(link.startsWith(`${baseURL}/verify-email?token=`), link).toBe(true);
  await owner.goto(link);
  await expect(owner.getByText('Your e-mail address is verified. Thank you!')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await workspace(owner)).mail.verified, { timeout: 30_000 }).toBe(true);
  await shot(owner, info, '02-verified');
});

test('2. onboarding: names the blog and chooses its address', async ({}, info) => {
  test.setTimeout(120_000);
  await owner.goto('/onboarding');
  await expect(owner.getByRole('heading', { name: 'Name your blog' })).toBeVisible({ timeout: 30_000 });
  const name = owner.getByLabel('Blog name');
  const field = owner.getByLabel('Blog address');
  // the address follows the name, checked as typed
  await name.fill(`Tideline ${id}`);
  await expect(field).toHaveValue(`tideline-${id}`);
  await name.fill(blogName);
  await expect(field).toHaveValue(`tideline-notes-${id}`);
  await expect(owner.getByText('Available', { exact: true })).toBeVisible({ timeout: 30_000 });
  // a taken one is refused, a custom one accepted
  await field.fill('site');
  await expect(owner.getByText('The address "site" is reserved: please choose another one')).toBeVisible({ timeout: 30_000 });
  await field.fill(address);
  await expect(owner.getByText('Available', { exact: true })).toBeVisible({ timeout: 30_000 });
  await owner.getByLabel('Description').fill('Low tides, rock pools and the creatures that live in them.');
  await shot(owner, info, '03-onboarding-name', true);
  await owner.getByRole('button', { name: 'Next' }).click();

  await expect(owner.getByRole('heading', { name: 'Pick your categories' })).toBeVisible();
  await owner.getByRole('button', { name: /^Travel/ }).click();
  await expect(owner.getByRole('button', { name: /^Travel/ })).toHaveAttribute('aria-pressed', 'true');
  await shot(owner, info, '04-onboarding-categories');
  await owner.getByRole('button', { name: 'Next' }).click();

  await expect(owner.getByRole('heading', { name: 'Make it yours' })).toBeVisible();
  await owner.getByRole('radio', { name: 'Emerald Green' }).check();
  await shot(owner, info, '05-onboarding-look');
  await owner.getByRole('button', { name: 'Complete setup' }).click();
  await expect(owner.getByRole('heading', { name: 'Your blog is ready!' })).toBeVisible({ timeout: 30_000 });
  await shot(owner, info, '06-onboarding-done', true);

  const ws = await workspace(owner);
  expect(ws.workspace.slug).toBe(address);
  expect(ws.settings.blogTitle).toBe(blogName);
  expect((await owner.request.get(`/blog/${address}`)).status()).toBe(200);
});

test('3. writes a post by hand: paragraphs, an uploaded image, a video, tags', async ({}, info) => {
  test.setTimeout(240_000);
  await owner.getByRole('link', { name: 'View My Posts' }).click();
  await expect(owner.getByRole('heading', { name: 'My Posts' })).toBeVisible();
  await owner.getByRole('link', { name: 'New post' }).first().click();
  await expect(owner).toHaveURL(/\/dashboard\/posts\/new$/);

  await owner.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  const body = owner.getByRole('textbox', { name: 'Content', exact: true });
  await body.click();
  await owner.keyboard.type('The tide was out by seven, and the pools were full of life.');
  await owner.keyboard.press('Enter');
  await owner.keyboard.type('Anemones opened as the sun came up over the rocks.');
  // the first autosave makes the draft and gives the desk its address
  await expect(owner).toHaveURL(/\/dashboard\/posts\/\d+$/, { timeout: 60_000 });
  postId = Number(new URL(owner.url()).pathname.split('/').pop());
  await body.click();
  await owner.keyboard.press('Control+End');

  // An image, uploaded through the image dialog, with its alt text.
  await owner.getByRole('button', { name: 'Image', exact: true }).click();
  const image = owner.getByRole('dialog', { name: 'Image' });
  await image.locator('input[type="file"]').setInputFiles({ name: 'tide-pool.png', mimeType: 'image/png', buffer: png(960, 540, [14, 116, 144], [251, 191, 36]) });
  await expect(image.getByRole('button', { name: 'Change' })).toBeVisible({ timeout: 60_000 });
  await image.getByLabel('Alt text', { exact: true }).fill(imageAlt);
  await image.getByLabel('Caption (optional)').fill('Low tide, 7 a.m.');
  await image.getByRole('button', { name: 'Insert image' }).click();
  await expect(image).toBeHidden();
  await owner.keyboard.type('A crab hid under the weed while I took that one.');
  await expect(body.locator(`figure img[alt="${imageAlt}"]`)).toHaveCount(1);

  // A video, from its YouTube address.
  await owner.getByRole('button', { name: 'YouTube or Vimeo video' }).click();
  const video = owner.getByRole('dialog', { name: 'Embed a video' });
  await video.getByLabel('Video URL').fill(`https://www.youtube.com/watch?v=${videoId}`);
  await video.getByRole('button', { name: 'Insert video' }).click();
  await expect(video).toBeHidden();
  await owner.keyboard.type('Here is the rising tide, filmed from the rocks.');
  await expect(body.getByText('YouTube video')).toBeVisible();
  await expect(body.locator(`figure img[alt="${imageAlt}"]`)).toHaveCount(1);

  // Category (the one chosen in onboarding) and tags.
  const aside = owner.getByRole('complementary', { name: 'Post settings' });
  await expect(aside.getByRole('combobox', { name: 'Category' })).toHaveText(/Travel/);
  await aside.getByRole('textbox', { name: 'Tags', exact: true }).fill('tide pools, coast');
  await expect(aside.getByRole('list', { name: 'Tags as shown' })).toContainText('#tide pools');

  // The autosave keeps every block, in order.
  await expect
    .poll(async () => {
      const p = await storedPost(owner, postId);
      const order = ['The tide was out by seven', 'Anemones opened', `alt="${imageAlt}"`, 'A crab hid', `youtube-nocookie.com/embed/${videoId}`, 'Here is the rising tide'];
      const at = order.map((s) => p.content.indexOf(s));
      return at.every((i) => i >= 0) && at.every((v, i) => i === 0 || v > at[i - 1]) && p.tags.join(',') === 'tide pools,coast';
    }, { timeout: 60_000, message: 'the autosaved body holds the paragraphs, the image and the video in order, and the tags' })
    .toBe(true);
  await expect(owner.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 60_000 });
  const stored = await storedPost(owner, postId);
  expect(stored.status).toBe('draft');
  expect(stored.category).toBe('travel');
  await shot(owner, info, '07-editor', true);
});

test('4. publishes it; the desk says what becomes of the newsletter', async ({}, info) => {
  test.setTimeout(120_000);
  const panel = owner.getByRole('region', { name: 'Newsletter' });
  await expect(panel.getByRole('checkbox', { name: "E-mail this post to subscribers when it's published" })).toBeChecked();
  // no one has subscribed yet: said before publishing
  await expect(panel.getByRole('status')).toHaveText('Not sent: you have no confirmed subscribers yet', { timeout: 30_000 });
  await shot(owner, info, '08-desk-before-publish', true);

  await owner.getByRole('region', { name: 'Status & publishing' }).getByRole('button', { name: 'Publish' }).click();
  await expect(owner.getByText('Post published')).toBeVisible({ timeout: 30_000 });
  await expect(owner.getByRole('region', { name: 'Status & publishing' }).getByText('Published', { exact: true })).toBeVisible();
  // once live, the mail queue settles its e-mail: not sent, and it can be sent later
  await expect
    .poll(async () => (await storedPost(owner, postId)).newsletter, { timeout: 90_000, message: 'the dispatcher settles the e-mail' })
    .toBe('skipped');
  expect((await storedPost(owner, postId)).status).toBe('published');
  await owner.reload();
  // the stored note reads as the outlook did before publishing, said once
  await expect(panel.getByRole('status').first()).toHaveText('Not sent: you have no confirmed subscribers yet', { timeout: 30_000 });
  await expect(panel.getByText('Not sent: you have no confirmed subscribers yet')).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'Send to subscribers now' })).toBeDisabled();
  await shot(owner, info, '09-desk-published', true);
});

test('5. a reader reads it and subscribes, confirming from the e-mail', async ({}, info) => {
  test.setTimeout(180_000);
  await reader.goto(`/blog/${address}`);
  await expect(reader.getByRole('heading', { level: 1, name: blogName })).toBeVisible();
  await reader.getByRole('link', { name: title }).first().click();
  await expect(reader).toHaveURL(new RegExp(`/blog/${address}/travel/[^/]+$`));
  postPath = new URL(reader.url()).pathname;
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const img = reader.locator(`article img[alt="${imageAlt}"]`);
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { message: 'the image loaded' }).toBeGreaterThan(0);
  await expect(reader.locator(`article iframe[src*="youtube-nocookie.com/embed/${videoId}"]`)).toHaveCount(1);
  await expect(reader.getByText('A crab hid under the weed')).toBeVisible();
  await shot(reader, info, '10-reader-post', true);

  const card = reader.locator('section').filter({ has: reader.getByRole('heading', { name: `Get fresh insights from ${blogName} in your inbox` }) });
  await card.getByLabel('Email address').fill(readerEmail);
  await card.getByRole('button', { name: 'Subscribe' }).click();
  await expect(reader.getByText('Check your inbox to confirm your subscription.')).toBeVisible({ timeout: 30_000 });
  expect(await subscriberStatus(owner, readerEmail)).toBe('pending');

  const confirmation = await waitForMessage(readerEmail, `Confirm your subscription to ${blogName}`);
  const confirmLink = linkIn(confirmation, '/confirm?token=');
  expect(confirmLink.startsWith(`${baseURL}/blog/${address}/confirm?token=`), confirmLink).toBe(true);
  await reader.goto(confirmLink);
  // opening the link changes nothing (link scanners open them too): the button confirms
  await expect(reader.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  expect(await subscriberStatus(owner, readerEmail)).toBe('pending');
  await shot(reader, info, '11-subscribe-confirm-ask', true);
  await reader.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: `You're subscribed to ${blogName}` })).toBeVisible({ timeout: 30_000 });
  expect(await subscriberStatus(owner, readerEmail)).toBe('confirmed');
  await shot(reader, info, '12-subscribe-confirmed', true);
});

test('6. the owner sends a test, then the post to the subscriber; the e-mail is well made', async ({}, info) => {
  test.setTimeout(240_000);
  // The whole post in the e-mail, so the image travels too.
  await owner.goto('/dashboard/settings');
  const full = owner.getByRole('radio', { name: /Send the full post/ });
  await full.check();
  await expect(owner.getByText('Your newsletter settings have been updated.')).toBeVisible({ timeout: 30_000 });
  expect((await workspace(owner)).settings.newsletterFullText).toBe(true);

  await owner.goto(`/dashboard/posts/${postId}`);
  const panel = owner.getByRole('region', { name: 'Newsletter' });
  await expect(panel.getByText(`to ${ownerEmail} only`)).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('button', { name: 'Send me a test' }).click();
  await expect(owner.getByText('Test e-mail sent')).toBeVisible({ timeout: 30_000 });
  const testMail = await waitForMessage(ownerEmail, `[Test] ${title}`);
  expect(testMail.To.map((a) => a.Address)).toEqual([ownerEmail]);
  expect(testMail.HTML).toContain(title);

  // Send the published post now that someone confirmed.
  const sendNow = panel.getByRole('button', { name: 'Send to subscribers now' });
  await expect(sendNow).toBeEnabled({ timeout: 30_000 });
  await expect(panel.getByText('Goes to 1 subscriber, once.')).toBeVisible();
  await sendNow.click();
  await expect(owner.getByText('Newsletter on its way')).toBeVisible({ timeout: 30_000 });
  newsletter = await waitForMessage(readerEmail, title);
  expect(newsletter.Subject).toBe(title);
  await expect(async () => {
    await owner.reload();
    await expect(owner.getByRole('region', { name: 'Newsletter' }).getByRole('status').first()).toHaveText('Sent to 1 subscriber', { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  expect((await storedPost(owner, postId)).newsletter).toBe('sent');
  await shot(owner, info, '13-desk-sent');

  // Its headers: unsubscribe by web (one click) and by mail, the list's id, replies to the owner.
  const h = await headers(newsletter.ID);
  const unsubscribe = header(h, 'List-Unsubscribe').join(', ');
  // (the server's own address: http here, https wherever the base URL is)
  expect(unsubscribe).toMatch(new RegExp(`^<${baseURL.replace(/[.:/]/g, '\\$&')}/api/subscribers/one-click\\?token=[0-9a-f]+>`));
  expect(unsubscribe).toContain(`<mailto:${ownerEmail}?subject=unsubscribe>`);
  expect(header(h, 'List-Unsubscribe-Post')).toEqual(['List-Unsubscribe=One-Click']);
  // the blog's name and an id made of its address and the server's host (RFC 2919)
  expect(header(h, 'List-Id')).toEqual([`"${blogName}" <${address}.${new URL(baseURL).hostname}>`]);
  expect(header(h, 'Reply-To').join('')).toContain(ownerEmail);
  expect(newsletter.From.Name).toBe(blogName);

  // Its HTML: the title, the post's image and the video's picture, none wider than the message.
  const html = newsletter.HTML;
  expect(html).toContain(title);
  const imgs = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
  expect(imgs.some((t) => t.includes(`alt="${imageAlt}"`)), imgs.join('\n')).toBe(true);
  expect(imgs.some((t) => t.includes(`i.ytimg.com/vi/${videoId}`)), imgs.join('\n')).toBe(true);
  for (const tag of imgs) {
    const width = /\bwidth="(\d+)"/.exec(tag)?.[1];
    if (width) expect(Number(width), tag).toBeLessThanOrEqual(600);
    for (const m of tag.matchAll(/(?:^|[;"\s])(?:max-)?width:\s*(\d+)px/g)) expect(Number(m[1]), tag).toBeLessThanOrEqual(600);
  }
  await info.attach('newsletter.html', { body: html, contentType: 'text/html' });
  const check = await htmlCheck(newsletter.ID);
  expect(check.Total.Tests).toBeGreaterThan(0);
  await info.attach('newsletter-html-check.json', { body: JSON.stringify(check, null, 2), contentType: 'application/json' });

  // As a mail client draws it: at a phone's width and a desktop's, nothing wider than the message.
  const view = await readerContext.newPage();
  try {
    await view.setContent(html, { waitUntil: 'load' });
    for (const size of [phone, desktop]) {
      await view.setViewportSize(size);
      const widths = await view.evaluate(() => {
        const message = document.querySelector('table table') ?? document.body;
        const wide = [...document.body.querySelectorAll('*')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => `${el.tagName.toLowerCase()} ${Math.round(el.getBoundingClientRect().width)}px: ${el.outerHTML.slice(0, 160)}`);
        return {
          wide,
          message: message.getBoundingClientRect().width,
          page: document.documentElement.scrollWidth,
          images: [...document.images].map((i) => i.getBoundingClientRect().width),
        };
      });
      expect(widths.page, `no sideways scroll at ${size.width}px; wider than the screen:\n${widths.wide.join('\n')}`).toBeLessThanOrEqual(size.width);
      for (const w of widths.images) expect(w, `an image at ${size.width}px`).toBeLessThanOrEqual(widths.message);
      const path = `${shots}/14-newsletter-email-${size.width}.png`;
      await view.screenshot({ path, fullPage: true });
      await info.attach(`14-newsletter-email-${size.width}`, { path, contentType: 'image/png' });
    }
  } finally {
    await view.close();
  }
});

test('7. the reader unsubscribes from the e-mail; the owner sees it', async ({}, info) => {
  test.setTimeout(120_000);
  expect(newsletter, 'the newsletter of step 6').toBeTruthy();
  const link = linkIn(newsletter!, '/unsubscribe?token=');
  expect(link.startsWith(`${baseURL}/blog/${address}/unsubscribe?token=`), link).toBe(true);
  await reader.goto(link);
  // opening the link changes nothing: the button unsubscribes
  await expect(reader.getByRole('heading', { level: 1, name: 'Unsubscribe from this newsletter' })).toBeVisible();
  expect(await subscriberStatus(owner, readerEmail)).toBe('confirmed');
  await shot(reader, info, '15-unsubscribe-ask', true);
  await reader.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(reader.getByRole('heading', { level: 1, name: `You've been unsubscribed from ${blogName}` })).toBeVisible({ timeout: 30_000 });
  await expect(reader.getByText("You won't get any more e-mails from this list.")).toBeVisible();
  await shot(reader, info, '16-unsubscribed', true);

  await owner.goto('/dashboard/subscribers');
  await expect(owner.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();
  await owner.getByRole('button', { name: /^Unsubscribed/ }).click();
  const row = owner.getByRole('table', { name: 'Subscribers' }).getByRole('row').filter({ hasText: readerEmail });
  await expect(row.getByText('Unsubscribed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(owner.getByRole('button', { name: /^Confirmed 0$/ })).toBeVisible();
  expect(await subscriberStatus(owner, readerEmail)).toBe('unsubscribed');
  await shot(owner, info, '17-owner-subscribers');
  // and the reader's post still reads
  expect((await reader.request.get(postPath)).status()).toBe(200);
});
