import { useId, useState, type FormEvent } from 'react'
import { Link, NavLink, useNavigate } from 'react-router'
import { ChevronDown, LayoutDashboard, Menu, Search } from 'lucide-react'
import type { TemplateId } from '@/api/types'
import { LinkMenu, SidePanel } from '../nav/LazyMenus'
import { Skeleton } from '../ui/skeleton'
import { cn } from '@/lib/utils'
import { useReaderText, type ReaderText } from '@/lib/readerText'

export interface BlogNavProps {
  template: TemplateId
  /** null while the blog loads. */
  title: string | null
  logoUrl?: string
  home: string
  searchPath: string
  categories: { name: string; href: string }[]
  /** The owner's own blog: a small way back to their dashboard. */
  dashboard?: boolean
}

/** Categories shown in the desktop bar before the rest go under "More". */
const INLINE = 5

const ring = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand) focus-visible:ring-offset-2'

/** The blog's logo (its title as alt) or its title, linking to its home. */
function BrandLink({ title, logoUrl, home, className, onClick }: Pick<BlogNavProps, 'title' | 'logoUrl' | 'home'> & { className?: string; onClick?: () => void }) {
  if (title === null) return <Skeleton className="h-6 w-40" />
  return (
    <Link to={home} onClick={onClick} className={cn('min-w-0 rounded-md', ring, className)}>
      {logoUrl ? (
        <img src={logoUrl} alt={title} className="h-9 w-auto max-w-[11rem] object-contain sm:max-w-[14rem]" />
      ) : (
        <span className="block truncate">{title}</span>
      )}
    </Link>
  )
}

/**
 * The blog's search: a GET form to {blog}/search?q=..., so it works without JavaScript; with it, the
 * app navigates there itself.
 */
export function BlogSearchForm({ action, className, inputClassName, onDone }: { action: string; className?: string; inputClassName?: string; onDone?: () => void }) {
  const id = useId()
  const navigate = useNavigate()
  const { t } = useReaderText()
  const [q, setQ] = useState('')
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const value = q.trim()
    if (!value) return
    onDone?.()
    navigate(`${action}?q=${encodeURIComponent(value)}`)
  }
  return (
    <form role="search" method="get" action={action} onSubmit={onSubmit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {t('searchThisBlog')}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        required
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('search')}
        className={cn(
          'h-9 w-full rounded-full border border-slate-300 bg-white pl-3.5 pr-10 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-(--brand) focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)/30',
          inputClassName,
        )}
      />
      <button
        type="submit"
        aria-label={t('search')}
        className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-full text-slate-500 hover:text-(--brand-strong) focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </form>
  )
}

const desktopLink = (template: TemplateId) => ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap transition-colors',
    ring,
    template === 'template-1' &&
      cn('rounded-full px-3 py-1.5 text-sm font-semibold', isActive ? 'bg-(--brand) text-(--brand-contrast)' : 'text-slate-700 hover:bg-(--brand-soft) hover:text-(--brand-strong)'),
    template === 'template-2' &&
      cn('rounded-sm px-1 py-1 text-xs font-semibold uppercase tracking-[0.16em] underline-offset-8', isActive ? 'text-(--brand-strong) underline decoration-2' : 'text-slate-700 hover:text-(--brand-strong)'),
    template === 'template-3' && cn('rounded-sm text-sm underline-offset-4 hover:underline', isActive ? 'text-slate-900 underline' : 'text-slate-500 hover:text-slate-900'),
  )

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center rounded-lg px-3 py-2.5 text-base font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)',
    isActive ? 'bg-(--brand-soft) text-(--brand-strong)' : 'text-slate-700 hover:bg-slate-100',
  )

function DesktopCategories({ template, categories }: { template: TemplateId; categories: BlogNavProps['categories'] }) {
  const { t } = useReaderText()
  const inline = categories.slice(0, INLINE)
  const more = categories.slice(INLINE)
  return (
    <ul className={cn('flex items-center', template === 'template-1' ? 'gap-1' : template === 'template-2' ? 'flex-wrap justify-center gap-x-6 gap-y-2' : 'gap-5')}>
      {inline.map((c) => (
        <li key={c.href}>
          <NavLink to={c.href} className={desktopLink(template)}>
            {c.name}
          </NavLink>
        </li>
      ))}
      {more.length > 0 && (
        <li>
          <LinkMenu
            align="end"
            trigger={
              <button type="button" className={cn(desktopLink(template)({ isActive: false }), 'inline-flex items-center gap-1')}>
                {t('more')}
                <ChevronDown className="size-4 opacity-70" aria-hidden="true" />
              </button>
            }
            links={more.map((c) => ({ to: c.href, content: c.name }))}
          />
        </li>
      )}
    </ul>
  )
}

function DashboardLink({ onClick, className }: { onClick?: () => void; className?: string }) {
  return (
    <Link
      to="/dashboard"
      onClick={onClick}
      className={cn('inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-500 hover:text-slate-900', ring, className)}
    >
      <LayoutDashboard className="size-3.5" aria-hidden="true" />
      Dashboard
    </Link>
  )
}

/** The phone menu: a side panel with the search and the categories; it closes when a link is chosen. */
function PhoneMenu(props: BlogNavProps & { className?: string }) {
  const { t } = useReaderText()
  return (
    <SidePanel
      title={t('menu')}
      className="blog-theme"
      trigger={
        <button
          type="button"
          aria-label={t('openMenu')}
          className={cn('inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100', ring, props.className)}
        >
          <Menu className="size-6" aria-hidden="true" />
        </button>
      }
    >
      {(close) => (
        <>
          <div className="flex h-16 items-center border-b border-slate-200 pl-4 pr-14 text-lg font-bold text-slate-900">
            <BrandLink title={props.title} logoUrl={props.logoUrl} home={props.home} onClick={close} />
          </div>
          <div className="border-b border-slate-200 p-4">
            <BlogSearchForm action={props.searchPath} onDone={close} inputClassName="h-11 text-base" />
          </div>
          <nav aria-label={t('mobileNav')} className="flex flex-1 flex-col gap-1 overflow-y-auto p-4">
            <NavLink to={props.home} end className={mobileLink} onClick={close}>
              {t('home')}
            </NavLink>
            {props.categories.length > 0 && (
              <p className="mt-3 px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-500">{t('categories')}</p>
            )}
            {props.categories.map((c) => (
              <NavLink key={c.href} to={c.href} className={mobileLink} onClick={close}>
                {c.name}
              </NavLink>
            ))}
          </nav>
          {props.dashboard && (
            <div className="border-t border-slate-200 p-4">
              <DashboardLink onClick={close} />
            </div>
          )}
        </>
      )}
    </SidePanel>
  )
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** `s` as HTML text or a quoted attribute value. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
}

/** The phone menu a reader without JavaScript gets: the blog's search and sections, as HTML. */
function noScriptPhoneMenuHtml(categories: BlogNavProps['categories'], searchPath: string, { t }: ReaderText): string {
  const search =
    `<form role="search" method="get" action="${escapeHtml(searchPath)}">` +
    `<input type="search" name="q" required placeholder="${escapeHtml(t('search'))}" aria-label="${escapeHtml(t('searchThisBlog'))}" class="h-10 w-full rounded-full border border-slate-300 bg-white px-4 text-base text-slate-900">` +
    '</form>'
  const sections =
    categories.length > 0
      ? `<nav aria-label="${escapeHtml(t('blogSectionsMenu'))}" class="flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium text-slate-700">` +
        categories.map((c) => `<a href="${escapeHtml(c.href)}">${escapeHtml(c.name)}</a>`).join('') +
        '</nav>'
      : ''
  return `<div class="container-page space-y-3 pb-4 lg:hidden">${search}${sections}</div>`
}

/**
 * The phone menu needs JavaScript; without it a phone reader gets the blog's search and sections under the bar
 * (the page is rendered on the server, so a reader without JavaScript sees this instead of a dead menu button).
 * Its content is HTML, not elements: in a browser that runs the app, a <noscript> holds text, which hydration
 * leaves alone (elements would be built inside it on every hydration, replacing that text).
 */
function NoScriptPhoneMenu({ categories, searchPath }: Pick<BlogNavProps, 'categories' | 'searchPath'>) {
  const text = useReaderText()
  return <noscript dangerouslySetInnerHTML={{ __html: noScriptPhoneMenuHtml(categories, searchPath, text) }} />
}

/**
 * A workspace blog's top bar, in its template: Modern = sticky bar with a band of the primary colour and
 * pill links; Classic = centred masthead with a rule and small-caps sections; Minimal = plain small text.
 */
export function BlogNavbar(props: BlogNavProps) {
  const { template, categories, searchPath, dashboard } = props
  const { t } = useReaderText()
  const nav = categories.length > 0 && (
    <nav aria-label={t('blogSections')} className={cn('hidden lg:block', template === 'template-1' && 'min-w-0 flex-1')}>
      <DesktopCategories template={template} categories={categories} />
    </nav>
  )

  if (template === 'template-2') {
    return (
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page grid grid-cols-[2.5rem_minmax(0,1fr)_2.5rem] items-center gap-3 py-5 md:grid-cols-[1fr_auto_1fr] md:py-7">
          <div className="flex items-center">{dashboard && <DashboardLink className="hidden md:inline-flex" />}</div>
          <BrandLink
            {...props}
            className="justify-self-center text-center text-2xl font-bold tracking-tight text-slate-900 [font-family:var(--heading-font)] sm:text-3xl md:text-4xl"
          />
          <div className="flex items-center justify-end">
            <BlogSearchForm action={searchPath} className="hidden w-52 md:block" />
            <PhoneMenu {...props} className="lg:hidden" />
          </div>
        </div>
        {categories.length > 0 && (
          <div className="hidden border-t border-slate-200 lg:block">
            <div className="container-page py-3">{nav}</div>
          </div>
        )}
        <div className="h-1 border-t border-slate-200" aria-hidden="true" />
        <NoScriptPhoneMenu categories={categories} searchPath={searchPath} />
      </header>
    )
  }

  if (template === 'template-3') {
    return (
      <header className="bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-6 border-b border-slate-200 px-4 py-5">
          <BrandLink {...props} className="text-base font-semibold tracking-tight text-slate-900" />
          <div className="flex items-center gap-5">
            {nav}
            <BlogSearchForm
              action={searchPath}
              className="hidden w-40 md:block"
              inputClassName="h-8 rounded-none border-0 border-b border-slate-300 bg-transparent pl-0 focus-visible:ring-0"
            />
            {dashboard && <DashboardLink className="hidden md:inline-flex" />}
            <PhoneMenu {...props} className="lg:hidden" />
          </div>
        </div>
        <NoScriptPhoneMenu categories={categories} searchPath={searchPath} />
      </header>
    )
  }

  return (
    <header className="sticky top-0 z-40 border-t-4 border-(--brand) border-b border-b-slate-200 bg-white/90 backdrop-blur-md supports-[backdrop-filter]:bg-white/80">
      <div className="container-page flex h-16 items-center gap-4">
        <BrandLink {...props} className="mr-2 max-w-[60%] text-xl font-extrabold tracking-tight text-slate-900 lg:max-w-xs" />
        {nav}
        <div className="ml-auto flex items-center gap-2">
          <BlogSearchForm action={searchPath} className="hidden w-56 md:block" />
          {dashboard && <DashboardLink className="hidden md:inline-flex" />}
          <PhoneMenu {...props} className="lg:hidden" />
        </div>
      </div>
      <NoScriptPhoneMenu categories={categories} searchPath={searchPath} />
    </header>
  )
}
