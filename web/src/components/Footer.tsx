import { Link } from 'react-router'
import { Mail, Rss } from 'lucide-react'
import { LogoMark } from './Logo'
import { GitHubIcon, LinkedInIcon, XIcon } from './BrandIcons'
import { CONTACT_EMAIL, PRODUCT_NAME, SOCIAL_LINKS, TAGLINE } from '@/lib/constants'

const ICONS = { X: XIcon, LinkedIn: LinkedInIcon, GitHub: GitHubIcon } as const

const linkClass =
  'rounded text-sm text-slate-400 transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400'

export function Footer() {
  const year = new Date().getFullYear()
  return (
    <footer className="mt-auto bg-slate-950 text-slate-300">
      <div className="container-page grid gap-10 py-14 md:grid-cols-[1.5fr_1fr_1fr]">
        <div className="space-y-4">
          <Link to="/" className="inline-flex items-center gap-2.5 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400">
            <LogoMark />
            <span className="text-xl font-extrabold tracking-tight text-white">{PRODUCT_NAME}</span>
          </Link>
          <p className="max-w-xs text-sm leading-relaxed text-slate-400">{TAGLINE}</p>
          <ul className="flex items-center gap-2" aria-label="Social links">
            {SOCIAL_LINKS.map((s) => {
              const Icon = ICONS[s.name]
              return (
                <li key={s.name}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={s.label}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/5 text-slate-300 ring-1 ring-white/10 transition hover:bg-brand-500 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
                  >
                    <Icon className="size-4" />
                  </a>
                </li>
              )
            })}
            <li>
              <a
                href={`mailto:${CONTACT_EMAIL}`}
                aria-label={`Write to ${CONTACT_EMAIL}`}
                className="inline-flex size-10 items-center justify-center rounded-full bg-white/5 text-slate-300 ring-1 ring-white/10 transition hover:bg-brand-500 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
              >
                <Mail className="size-4" aria-hidden="true" />
              </a>
            </li>
          </ul>
        </div>

        <nav aria-label="Footer">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-white">Explore</h2>
          <ul className="mt-4 space-y-2.5">
            <li><Link className={linkClass} to="/">Home</Link></li>
            <li><Link className={linkClass} to="/posts">All posts</Link></li>
            <li><Link className={linkClass} to="/about">About</Link></li>
            <li><Link className={linkClass} to="/landing">Start your blog</Link></li>
          </ul>
        </nav>

        <div>
          <h2 className="text-xs font-semibold uppercase tracking-wider text-white">Contact</h2>
          <ul className="mt-4 space-y-2.5">
            <li>
              <a className={linkClass} href={`mailto:${CONTACT_EMAIL}`}>
                {CONTACT_EMAIL}
              </a>
            </li>
            <li>
              <a className={`${linkClass} inline-flex items-center gap-1.5`} href="/feed.xml">
                <Rss className="size-3.5" aria-hidden="true" /> RSS feed
              </a>
            </li>
            <li>
              <a className={linkClass} href="/sitemap.xml">
                Sitemap
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-6 text-center text-xs text-slate-500 sm:text-left">
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
