import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { PostCard } from './PostCard'
import { makePost, renderWithProviders } from '@/test/utils'
import { CategoryColorsContext, categoryColors } from '@/lib/categories'
import { IMAGE_SIZES } from '@/lib/images'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'

describe('PostCard', () => {
  it('shows title, excerpt, upper-cased category, date and read time', () => {
    renderWithProviders(<PostCard post={makePost()} />)
    expect(screen.getByRole('heading', { name: 'Ten Keto Breakfasts' })).toBeInTheDocument()
    expect(screen.getByText('Start your day right with these low-carb ideas...')).toBeInTheDocument()
    expect(screen.getByText('KETO')).toBeInTheDocument()
    expect(screen.getByText('Jan 5, 2025')).toBeInTheDocument()
    expect(screen.getByText('4 MIN')).toBeInTheDocument()
  })

  it('shows at most 3 tags, upper-cased with #', () => {
    renderWithProviders(<PostCard post={makePost()} />)
    const tags = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')
    expect(tags.map((t) => t.textContent)).toEqual(['#KETO', '#BREAKFAST', '#LOW CARB'])
    expect(screen.queryByText('#RECIPES')).not.toBeInTheDocument()
  })

  it('omits the tag list when there are none, and stands in for a missing cover with the category', () => {
    const { container } = renderWithProviders(<PostCard post={makePost({ tags: [], coverImageUrl: '' })} />)
    expect(screen.queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument()
    expect(container.querySelector('img')).toBeNull()
    const stand = screen.getByTestId('cover-placeholder')
    expect(stand).toHaveTextContent('Keto')
    expect(stand).toHaveAttribute('aria-hidden', 'true')
    expect(stand.style.background).toContain('linear-gradient')
    expect(stand.className).toContain('aspect-[16/9]')
  })

  it("uses the blog's colour for a category of its own", () => {
    renderWithProviders(<PostCard post={makePost({ category: 'home-office', categoryName: 'Home Office' })} />)
    const stand = screen.getByTestId('cover-placeholder')
    expect(stand).toHaveTextContent('Home Office')
    expect(stand.style.background).toContain('var(--brand)')
  })

  it("wears the blog's own colour of the category when the page names it", () => {
    renderWithProviders(
      <CategoryColorsContext.Provider value={categoryColors([{ slug: 'Travel', colorHex: '#14b8a6', gradient: '' }])}>
        <PostCard post={makePost({ category: 'travel', categoryName: 'Travel' })} />
      </CategoryColorsContext.Provider>,
    )
    const stand = screen.getByTestId('cover-placeholder')
    // jsdom writes colours as rgb(): #14b8a6 is rgb(20, 184, 166).
    expect(stand.getAttribute('style')).toMatch(/#14b8a6|rgb\(20, 184, 166\)/i)
    expect(stand.style.background).not.toContain('var(--brand)')
  })

  it('falls back to the stand-in when the cover fails to load', () => {
    const { container } = renderWithProviders(<PostCard post={makePost({ coverImageUrl: '/media/gone.png' })} />)
    expect(screen.queryByTestId('cover-placeholder')).not.toBeInTheDocument()
    fireEvent.error(container.querySelector('img')!)
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByTestId('cover-placeholder')).toHaveTextContent('Keto')
  })

  it("names the post's blog when asked, else its workspace", () => {
    const first = renderWithProviders(<PostCard post={makePost({ blogName: 'Olivia Writes', workspaceSlug: 'olivia' })} showBlog />)
    expect(screen.getByText('Olivia Writes').parentElement).toHaveTextContent('on Olivia Writes')
    first.unmount()
    const second = renderWithProviders(<PostCard post={makePost({ workspaceSlug: 'olivia' })} showBlog />)
    expect(screen.getByText('olivia').parentElement).toHaveTextContent('on olivia')
    second.unmount()
    renderWithProviders(<PostCard post={makePost({ blogName: 'Olivia Writes' })} />)
    expect(screen.queryByText('Olivia Writes')).not.toBeInTheDocument()
  })

  it('renders a lazy cover image with intrinsic size', () => {
    const { container } = renderWithProviders(<PostCard post={makePost({ coverImageUrl: '/media/a.png' })} />)
    const img = container.querySelector('img')!
    expect(img).toHaveAttribute('src', '/media/a.png')
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(img).toHaveAttribute('width')
    expect(img).toHaveAttribute('height')
  })

  it('offers the stored WebP widths with sizes for its grid, lazily by default', () => {
    const url = '/media/4/covers/1700000000000-ab12cd34-keto.jpg'
    const { container } = renderWithProviders(<PostCard post={makePost({ coverImageUrl: url })} layout="card4" />)
    const img = container.querySelector('img')!
    expect(img).toHaveAttribute('src', url)
    expect(img).toHaveAttribute('srcset', `${url}.w480.webp 480w, ${url}.w960.webp 960w, ${url}.w1440.webp 1440w`)
    expect(img).toHaveAttribute('sizes', IMAGE_SIZES.card4)
    expect(img).toHaveAttribute('width', '1200')
    expect(img).toHaveAttribute('height', '675')
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(img).toHaveAttribute('decoding', 'async')
    expect(img).not.toHaveAttribute('fetchpriority')
  })

  it('fetches a priority cover at once with high priority', () => {
    const url = '/media/4/covers/1-keto.png'
    const { container } = renderWithProviders(<PostCard post={makePost({ coverImageUrl: url })} priority />)
    const img = container.querySelector('img')!
    expect(img).toHaveAttribute('loading', 'eager')
    expect(img).toHaveAttribute('fetchpriority', 'high')
    expect(img).toHaveAttribute('sizes', IMAGE_SIZES.card3)
  })

  it('shows an image of another host as it is', () => {
    const url = 'https://images.example.com/keto.jpg'
    const { container } = renderWithProviders(<PostCard post={makePost({ coverImageUrl: url })} />)
    const img = container.querySelector('img')!
    expect(img).toHaveAttribute('src', url)
    expect(img).not.toHaveAttribute('srcset')
    expect(img).not.toHaveAttribute('sizes')
  })

  it('renders the same markup on the server', () => {
    const post = makePost({ coverImageUrl: '/media/4/covers/1-keto.png' })
    const html = renderToString(
      <MemoryRouter>
        <PostCard post={post} priority />
      </MemoryRouter>,
    )
    // HTML attribute names have no case: React writes srcSet and fetchPriority, Preact srcset and fetchPriority.
    expect(html).toMatch(/ srcset="\/media\/4\/covers\/1-keto\.png\.w480\.webp 480w/i)
    expect(html).toMatch(/ fetchpriority="high"/i)
  })

  it('links to /{category}/{slug} without a workspace', () => {
    renderWithProviders(<PostCard post={makePost({ url: '' })} />)
    expect(screen.getByRole('link', { name: 'Ten Keto Breakfasts' })).toHaveAttribute('href', '/keto/ten-keto-breakfasts')
  })

  it('links to the canonical post.url from the server', () => {
    renderWithProviders(<PostCard post={makePost({ url: '/blog/olivias-blog/keto/ten-keto-breakfasts' })} />)
    expect(screen.getByRole('link', { name: 'Ten Keto Breakfasts' })).toHaveAttribute(
      'href',
      '/blog/olivias-blog/keto/ten-keto-breakfasts',
    )
  })

  it('links into the workspace blog when a workspace slug is given', () => {
    renderWithProviders(<PostCard post={makePost({ category: 'Keto' })} workspaceSlug="olivias-blog" />)
    expect(screen.getByRole('link', { name: 'Ten Keto Breakfasts' })).toHaveAttribute(
      'href',
      '/blog/olivias-blog/keto/ten-keto-breakfasts',
    )
  })
})
