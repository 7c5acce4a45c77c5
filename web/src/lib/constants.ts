export const PRODUCT_NAME = 'InkPress'
export const TAGLINE = 'Insights for the Modern Generation'
export const SUBTAGLINE = 'Made for marketers, built for creators, and ready for the future of social media.'
export const CONTACT_EMAIL = 'hello@inkpress.dev'

export const SOCIAL_LINKS = [
  { name: 'X', label: 'InkPress on X', href: 'https://x.com/inkpress' },
  { name: 'LinkedIn', label: 'InkPress on LinkedIn', href: 'https://www.linkedin.com/company/inkpress' },
  { name: 'GitHub', label: 'InkPress on GitHub', href: 'https://github.com/inkpress' },
] as const

/** Page sizes used by the public lists (never load everything at once). */
export const HOME_LATEST = 6
export const HOME_TRENDING = 4
export const PAGE_SIZE = 12
