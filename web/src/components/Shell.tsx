import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { Navbar } from './Navbar'
import { Footer } from './Footer'
import { NewsletterCard } from './NewsletterCard'
import { ScrollToTop } from './ScrollToTop'

/**
 * The platform's page frame: skip link, sticky nav, content (the children, else the matched child route),
 * optional newsletter card, footer. A workspace blog wears its own (blog/BlogShell).
 */
export function Shell({ newsletter = false, children }: { newsletter?: boolean; children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-700 focus:shadow-lg"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      {newsletter && (
        <div className="container-page pb-16 pt-4">
          <NewsletterCard />
        </div>
      )}
      <Footer />
    </div>
  )
}
