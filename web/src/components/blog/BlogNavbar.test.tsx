import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { BlogNavbar } from './BlogNavbar'

describe('BlogNavbar', () => {
  it.each(['template-1', 'template-2', 'template-3'] as const)('gives a reader without JavaScript the search and the sections as HTML in <noscript> (%s)', (template) => {
    const html = renderToString(
      <MemoryRouter>
        <BlogNavbar
          template={template}
          title="Olivia Writes"
          home="/blog/olivias-blog"
          searchPath="/blog/olivias-blog/search"
          categories={[
            { name: 'Keto', href: '/blog/olivias-blog/keto' },
            { name: 'Tea & "Cakes" <3', href: '/blog/olivias-blog/tea-cakes' },
          ]}
        />
      </MemoryRouter>,
    )
    const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1]
    expect(noscript).toBe(
      '<div class="container-page space-y-3 pb-4 lg:hidden">' +
        '<form role="search" method="get" action="/blog/olivias-blog/search">' +
        '<input type="search" name="q" required placeholder="Search" aria-label="Search this blog" class="h-10 w-full rounded-full border border-slate-300 bg-white px-4 text-base text-slate-900">' +
        '</form>' +
        '<nav aria-label="Blog sections (menu)" class="flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium text-slate-700">' +
        '<a href="/blog/olivias-blog/keto">Keto</a><a href="/blog/olivias-blog/tea-cakes">Tea &amp; &quot;Cakes&quot; &lt;3</a>' +
        '</nav></div>',
    )
  })

  it('leaves the sections out of <noscript> when the blog has none', () => {
    const html = renderToString(
      <MemoryRouter>
        <BlogNavbar template="template-1" title="Olivia Writes" home="/blog/o" searchPath="/blog/o/search" categories={[]} />
      </MemoryRouter>,
    )
    const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? ''
    expect(noscript).toContain('<form role="search" method="get" action="/blog/o/search">')
    expect(noscript).not.toContain('<nav')
  })
})
