import { useEffect, useState, type ReactNode } from 'react'
import { EN } from '@/api/locale.gen'
import { loadedTable, loadTable, readerText, ReaderTextContext } from '@/lib/readerText'

/**
 * Gives the components below the texts of `lang` (a blog's language; English for none or an unknown one). A
 * table not loaded yet is loaded, with English meanwhile.
 */
export function ReaderLocale({ lang, children }: { lang: string | null | undefined; children: ReactNode }) {
  const [, setLoaded] = useState(0)
  const table = loadedTable(lang)
  useEffect(() => {
    if (table) return
    let live = true
    void loadTable(lang)?.then(() => {
      if (live) setLoaded((n) => n + 1)
    })
    return () => {
      live = false
    }
  }, [lang, table])
  return <ReaderTextContext.Provider value={readerText(table ?? EN)}>{children}</ReaderTextContext.Provider>
}
