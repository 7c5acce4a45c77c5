/**
 * The reader's words in the blog's language: a workspace blog's frame (BlogShell) names its language with
 * <ReaderLocale> (components/ReaderLocale.tsx), and every reader component below reads its texts with useReaderText(). Outside a blog's frame
 * (the platform's own blog, the owner's and admin's screens) texts are English.
 *
 * The tables are generated from the server's catalogue (internal/locale/catalogue.json → api/locale.gen.ts).
 * English is in the bundle; another language's table is a chunk of its own, loaded before the app hydrates a
 * page in that language (main.tsx) or, on client-side navigation, when a blog in it is first shown (English
 * until then). The server's render has every table (entry-server.tsx registers them).
 */
import { createContext, createElement, Fragment, useContext, type ReactNode } from 'react'
import {
  EN,
  LOAD_TABLE,
  READER_LANGS,
  type CountedId,
  type MessageId,
  type PluralCategory,
  type PluralRule,
  type ReaderLang,
  type ReaderTable,
} from '@/api/locale.gen'
import { publicDay } from './format'

const tables = new Map<ReaderLang, ReaderTable>([['en', EN]])

/** Whether `code` is a language the reader's texts are written in. */
export function isReaderLang(code: string | null | undefined): code is ReaderLang {
  return (READER_LANGS as readonly string[]).includes(code ?? '')
}

/** Makes tables available at once (the server's render registers all of them). */
export function registerTables(all: Readonly<Partial<Record<ReaderLang, ReaderTable>>>): void {
  for (const [lang, table] of Object.entries(all)) if (table) tables.set(lang as ReaderLang, table)
}

/** The table of `code` if it is loaded (English for a language the catalogue lacks), else undefined. */
export function loadedTable(code: string | null | undefined): ReaderTable | undefined {
  return isReaderLang(code) ? tables.get(code) : EN
}

/**
 * Loads the table of `code` (null when it is loaded already or is not a reader language, so a caller can go on
 * at once). A failed load resolves too: the texts stay English.
 */
export function loadTable(code: string | null | undefined): Promise<ReaderTable> | null {
  if (!isReaderLang(code) || tables.has(code) || code === 'en') return null
  return LOAD_TABLE[code]().then(
    (table) => {
      tables.set(code, table)
      return table
    },
    () => EN,
  )
}

/** The plural category of the whole number n under a rule (the same rules as internal/locale.Category). */
export function pluralCategory(rule: PluralRule, count: number): PluralCategory {
  const n = Math.abs(Math.trunc(count))
  const mod10 = n % 10
  const mod100 = n % 100
  switch (rule) {
    case 'one':
      return n === 1 ? 'one' : 'other'
    case 'oneZero':
      return n <= 1 ? 'one' : 'other'
    case 'eastSlavic':
    case 'polish':
      if (n === 1 || (rule === 'eastSlavic' && mod10 === 1 && mod100 !== 11)) return 'one'
      if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return 'few'
      return 'many'
    case 'arabic':
      if (n === 0) return 'zero'
      if (n === 1) return 'one'
      if (n === 2) return 'two'
      if (mod100 >= 3 && mod100 <= 10) return 'few'
      if (mod100 >= 11) return 'many'
      return 'other'
    default:
      return 'other'
  }
}

/** `text` with each {name} replaced by its value; unknown placeholders stay, and a value is never filled again. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{([^{}]*)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole))
}

/** The reader's words in one language. */
export interface ReaderText {
  lang: ReaderLang
  dir: 'ltr' | 'rtl'
  /** A message with its placeholders filled. */
  t: (id: MessageId, values?: Record<string, string | number>) => string
  /** A counted message for n ({n} is n), in the language's plural form. */
  count: (id: CountedId, n: number) => string
  /** A post page's date, e.g. 'January 5, 2025' or '5 janvier 2025' (UTC; '' for none). */
  longDate: (value: string | Date | null | undefined) => string
  /** A card's date, e.g. 'Jan 5, 2025' or '5 janv. 2025' (UTC; '' for none). */
  shortDate: (value: string | Date | null | undefined) => string
}

function dateIn(table: ReaderTable, pattern: string, value: string | Date | null | undefined): string {
  const d = publicDay(value)
  if (!d) return ''
  return fill(pattern, { d: d.day, M: d.month + 1, y: d.year, month: table.months[d.month], mon: table.monthsShort[d.month] })
}

const texts = new WeakMap<ReaderTable, ReaderText>()

/** The texts of a table (one object per table, so a context value stays the same between renders). */
export function readerText(table: ReaderTable): ReaderText {
  let r = texts.get(table)
  if (!r) {
    r = {
      lang: table.lang,
      dir: table.dir,
      t: (id, values) => fill(table.messages[id] ?? EN.messages[id], values),
      count: (id, n) => {
        const forms = table.counted[id]
        return fill(forms[pluralCategory(table.plural, n)] ?? forms.other ?? EN.counted[id].other ?? '', { n })
      },
      longDate: (value) => dateIn(table, table.longDate, value),
      shortDate: (value) => dateIn(table, table.shortDate, value),
    }
    texts.set(table, r)
  }
  return r
}

/** The texts of the components below (ReaderLocale sets it in a blog's frame). */
export const ReaderTextContext = createContext<ReaderText>(readerText(EN))

/** The reader's texts where the component is: its blog's language inside a blog's frame, else English. */
export function useReaderText(): ReaderText {
  return useContext(ReaderTextContext)
}

/**
 * A message with an element in the place of one placeholder ('By {name}' with the author's link): the order of
 * the words is the language's.
 */
export function withNode(text: string, name: string, node: ReactNode): ReactNode {
  const at = text.indexOf(`{${name}}`)
  if (at < 0) return text
  return createElement(Fragment, null, text.slice(0, at), node, text.slice(at + name.length + 2))
}
