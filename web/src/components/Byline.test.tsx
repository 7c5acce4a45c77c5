import { afterEach, describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import type { Author } from '@/api/types'
import { makePost, renderWithProviders } from '@/test/utils'
import { useBlogIcon } from '@/hooks/usePageMeta'
import { PostCard } from './PostCard'

const author: Author = {
  slug: 'olivia-stone',
  name: 'Olivia Stone',
  bio: 'Cooks keto.',
  avatarUrl: '/media/7/olivia.png',
  links: [],
  url: `${window.location.origin}/blog/olivias-blog/author/olivia-stone`,
}

describe('byline', () => {
  it("shows the author's avatar and links their page on the post's blog", () => {
    renderWithProviders(<PostCard post={makePost({ author })} workspaceSlug="olivias-blog" />)
    const link = screen.getByRole('link', { name: 'Olivia Stone' })
    expect(link).toHaveAttribute('href', '/blog/olivias-blog/author/olivia-stone')
    expect(screen.getByTestId('byline')).toHaveTextContent('By Olivia Stone')
    expect(screen.getByTestId('byline').querySelector('img')).toHaveAttribute('src', '/media/7/olivia.png')
  })

  it('shows initials without an avatar, and an author on another host by full address', () => {
    renderWithProviders(<PostCard post={makePost({ author: { ...author, avatarUrl: '', url: 'https://olivia.example/author/olivia-stone' } })} />)
    expect(screen.getByText('OS')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Olivia Stone' })).toHaveAttribute('href', 'https://olivia.example/author/olivia-stone')
  })

  it('is left out for a post without an author', () => {
    renderWithProviders(<PostCard post={makePost()} />)
    expect(screen.queryByTestId('byline')).not.toBeInTheDocument()
  })
})

function Icon({ url }: { url: string | null }) {
  useBlogIcon(url)
  return null
}

describe('useBlogIcon', () => {
  afterEach(() => document.head.querySelector('link[data-blog-icon]')?.remove())

  it("shows the blog's icon while its page is open and takes over the server's", () => {
    const server = document.createElement('link')
    server.rel = 'icon'
    server.setAttribute('data-blog-icon', '')
    server.href = '/media/old.png'
    document.head.appendChild(server)
    const { rerender, unmount } = render(<Icon url="/media/7/icon.png" />)
    const links = document.head.querySelectorAll('link[data-blog-icon]')
    expect(links).toHaveLength(1)
    expect(links[0]).toHaveAttribute('href', '/media/7/icon.png')
    rerender(<Icon url={null} />)
    expect(document.head.querySelector('link[data-blog-icon]')).toBeNull()
    rerender(<Icon url="/media/7/other.png" />)
    expect(document.head.querySelector('link[data-blog-icon]')).toHaveAttribute('href', '/media/7/other.png')
    unmount()
    expect(document.head.querySelector('link[data-blog-icon]')).toBeNull()
  })

  it("takes the product's icon out of the head while a blog's page is open, and puts it back after", () => {
    const product = document.createElement('link')
    product.rel = 'icon'
    product.href = '/favicon.svg'
    document.head.appendChild(product)
    const { unmount } = render(<Icon url="/blog/olivias-blog/icon-32.png?v=1" />)
    const icons = Array.from(document.head.querySelectorAll('link[rel~="icon"]'))
    expect(icons.map((l) => l.getAttribute('href'))).toEqual(['/blog/olivias-blog/icon-32.png?v=1'])
    unmount()
    expect(Array.from(document.head.querySelectorAll('link[rel~="icon"]')).map((l) => l.getAttribute('href'))).toEqual(['/favicon.svg'])
    product.remove()
  })
})
