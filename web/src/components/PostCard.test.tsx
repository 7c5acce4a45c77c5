import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { PostCard } from './PostCard'
import { makePost, renderWithProviders } from '@/test/utils'

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

  it('omits the tag list and cover when there are none', () => {
    const { container } = renderWithProviders(<PostCard post={makePost({ tags: [], coverImageUrl: '' })} />)
    expect(screen.queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument()
    expect(container.querySelector('img')).toBeNull()
  })

  it('renders a lazy cover image with intrinsic size', () => {
    const { container } = renderWithProviders(<PostCard post={makePost({ coverImageUrl: '/media/a.png' })} />)
    const img = container.querySelector('img')!
    expect(img).toHaveAttribute('src', '/media/a.png')
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(img).toHaveAttribute('width')
    expect(img).toHaveAttribute('height')
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
