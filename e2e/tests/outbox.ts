import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/*
 * The e2e server has no SMTP server: every e-mail is written as an .eml file under
 * <data-dir>/outbox/. These helpers read them back (the data directory is E2E_DATA_DIR, set by
 * playwright.config.ts).
 */

export interface Mail {
  file: string;
  to: string;
  subject: string;
  headers: Record<string, string>;
  /** The decoded text of every text/plain and text/html part, joined. */
  body: string;
}

export function outboxDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the outbox cannot be read');
  return join(dir, 'outbox');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=\s*/g, (_, _charset: string, enc: string, text: string) => {
    if (enc.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
    const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  });
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The text parts of a MIME entity (multipart ones walked down). */
function textParts(headers: Record<string, string>, body: string): string[] {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .flatMap((part) => {
        const trimmed = part.replace(/^\r?\n/, '');
        const sep = /\r?\n\r?\n/.exec(trimmed);
        if (!sep) return [];
        return textParts(parseHeaders(trimmed.slice(0, sep.index)), trimmed.slice(sep.index + sep[0].length));
      });
  }
  if (/^text\//i.test(type)) return [decodeBody(body, headers['content-transfer-encoding'])];
  return [];
}

export function parseMail(file: string, raw: string): Mail {
  const sep = /\r?\n\r?\n/.exec(raw);
  const head = sep ? raw.slice(0, sep.index) : raw;
  const rest = sep ? raw.slice(sep.index + sep[0].length) : '';
  const headers = parseHeaders(head);
  return { file, to: headers['to'] ?? '', subject: headers['subject'] ?? '', headers, body: textParts(headers, rest).join('\n') };
}

/** Every message in the outbox, oldest first. */
export function outbox(): Mail[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir()).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((n) => join(outboxDir(), n))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map((f) => parseMail(f, readFileSync(f, 'utf8')));
}

/**
 * Waits (up to `timeout`) for a message to `to` whose subject holds `subjectContains`, and returns
 * the newest one. Mail leaves through a queue, so it may take a moment to be written.
 */
export async function waitForMail(to: string, subjectContains: string, timeout = 60_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        const want = to.toLowerCase();
        found = outbox()
          .filter((m) => m.to.toLowerCase().includes(want) && m.subject.includes(subjectContains))
          .at(-1);
        return Boolean(found);
      },
      { timeout, intervals: [250, 500, 1000], message: `an e-mail to ${to} about "${subjectContains}" in ${outboxDir()}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message whose address holds `part` (HTML entities decoded). */
export function linkIn(mail: Mail, part: string): string {
  const links = [...mail.body.matchAll(/https?:\/\/[^\s"'<>)\]]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
  const link = links.find((l) => l.includes(part));
  if (!link) throw new Error(`no link with "${part}" in ${mail.file}: ${links.join(', ')}`);
  return link;
}
