import { expect, request, type APIRequestContext } from '@playwright/test';

/*
 * Mailpit, the browser tests' real SMTP server: the second e2e server (E2E_MAIL_BASE_URL) sends its
 * e-mail there, and these helpers read it back through Mailpit's REST API (E2E_MAILPIT_URL). Both are
 * set by playwright.config.ts when Mailpit is at hand; E2E_MAILPIT_MISSING says why when it is not.
 * Mail leaves InkPress through a queue: every wait polls, with room for a loaded machine.
 */

/** One address of a message, as Mailpit lists it. */
export interface Address {
  Name: string;
  Address: string;
}

/** A message as Mailpit's list and search answer it. */
export interface Summary {
  ID: string;
  MessageID: string;
  From: Address;
  To: Address[];
  Subject: string;
  Created: string;
  Size: number;
}

/** A whole message: its summary, its HTML and text bodies. */
export interface Message extends Summary {
  ReplyTo: Address[];
  HTML: string;
  Text: string;
}

/** Mailpit's HTML check: how well mail clients support the message's HTML and CSS. */
export interface HTMLCheck {
  Total: { Nodes: number; Partial: number; Supported: number; Tests: number; Unsupported: number };
  Warnings: { Slug: string; Title: string; Category: string; Score: { Found: number; Supported: number; Partial: number; Unsupported: number } }[];
}

export function mailpitURL(): string {
  const url = process.env.E2E_MAILPIT_URL;
  if (!url) throw new Error(process.env.E2E_MAILPIT_MISSING ?? 'E2E_MAILPIT_URL is not set: playwright.config.ts starts Mailpit');
  return url;
}

let api: APIRequestContext | undefined;

async function client(): Promise<APIRequestContext> {
  api ??= await request.newContext({ baseURL: mailpitURL() });
  return api;
}

async function getJSON<T>(path: string): Promise<T> {
  const res = await (await client()).get(path);
  expect(res.ok(), `Mailpit GET ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The newest messages Mailpit holds (newest first). */
export async function messages(limit = 200): Promise<Summary[]> {
  return (await getJSON<{ messages: Summary[] }>(`/api/v1/messages?limit=${limit}`)).messages;
}

/** Mailpit's search (e.g. `to:"a@b.test" subject:"Confirm"`), newest first. */
export async function search(query: string): Promise<Summary[]> {
  return (await getJSON<{ messages: Summary[] }>(`/api/v1/search?query=${encodeURIComponent(query)}&limit=200`)).messages;
}

/** The whole message. */
export async function message(id: string): Promise<Message> {
  return getJSON<Message>(`/api/v1/message/${encodeURIComponent(id)}`);
}

/** The message's headers, each name with its values (names as the message writes them). */
export async function headers(id: string): Promise<Record<string, string[]>> {
  return getJSON<Record<string, string[]>>(`/api/v1/message/${encodeURIComponent(id)}/headers`);
}

/** One header's values, whatever the case of its name. */
export function header(all: Record<string, string[]>, name: string): string[] {
  const key = Object.keys(all).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? all[key] : [];
}

/** Mailpit's check of the message's HTML against mail clients. */
export async function htmlCheck(id: string): Promise<HTMLCheck> {
  return getJSON<HTMLCheck>(`/api/v1/message/${encodeURIComponent(id)}/html-check`);
}

/**
 * Waits (up to `timeout`) for a message to `to` whose subject holds `subjectContains`, and returns
 * the newest whole one. `count` waits for that many such messages (a second e-mail of a kind).
 */
export async function waitForMessage(to: string, subjectContains: string, { timeout = 120_000, count = 1 } = {}): Promise<Message> {
  let found: Summary[] = [];
  await expect
    .poll(
      async () => {
        const want = to.toLowerCase();
        found = (await search(`to:"${to}"`)).filter(
          (m) => m.To.some((a) => a.Address.toLowerCase() === want) && m.Subject.includes(subjectContains),
        );
        return found.length;
      },
      { timeout, intervals: [250, 500, 1000, 2000], message: `${count} e-mail(s) to ${to} about "${subjectContains}" in Mailpit` },
    )
    .toBeGreaterThanOrEqual(count);
  return message(found[0].ID);
}

/** The first link of the message (its HTML, else its text) whose address holds `part`, entities decoded. */
export function linkIn(msg: Message, part: string): string {
  const hrefs = [...msg.HTML.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  const bare = [...msg.Text.matchAll(/https?:\/\/[^\s"'<>)\]]+/g)].map((m) => m[0]);
  const link = [...hrefs, ...bare].find((l) => l.includes(part));
  if (!link) throw new Error(`no link with "${part}" in "${msg.Subject}": ${[...hrefs, ...bare].join(', ')}`);
  return link;
}
