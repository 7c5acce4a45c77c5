import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { Footer } from './Footer'
import { renderWithProviders } from '@/test/utils'

describe('Footer', () => {
  it('shows the copyright line with the current year', () => {
    renderWithProviders(<Footer />)
    const year = new Date().getFullYear()
    expect(screen.getByText(`© ${year} InkPress. All rights reserved.`)).toBeInTheDocument()
  })

  it('shows the tagline, social links in new tabs and a mailto link', () => {
    renderWithProviders(<Footer />)
    expect(screen.getByText('Insights for the Modern Generation')).toBeInTheDocument()
    for (const name of [/on X/, /on LinkedIn/, /on GitHub/]) {
      const link = screen.getByRole('link', { name })
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
    expect(screen.getByRole('link', { name: 'hello@inkpress.dev' })).toHaveAttribute('href', 'mailto:hello@inkpress.dev')
  })
})
