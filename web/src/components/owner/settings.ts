/** Dashboard blog-settings choices: templates, colour schemes and fonts. */
import type { TemplateId } from '@/api/types'

export const TEMPLATES: { id: TemplateId; name: string }[] = [
  { id: 'template-1', name: 'Modern' },
  { id: 'template-2', name: 'Classic' },
  { id: 'template-3', name: 'Minimal' },
]

export const DASHBOARD_FONTS = ['Inter', 'Roboto', 'Playfair Display', 'Open Sans', 'Lora']

export const HEX6 = /^#[0-9a-f]{6}$/i

/** Colour schemes offered by the onboarding wizard and the dashboard's blog settings. */
export const COLOR_SCHEMES = [
  { name: 'Indigo Blue', primary: '#6366f1', accent: '#3b82f6' },
  { name: 'Emerald Green', primary: '#10b981', accent: '#14b8a6' },
  { name: 'Rose Pink', primary: '#f43f5e', accent: '#ec4899' },
  { name: 'Amber Gold', primary: '#f59e0b', accent: '#eab308' },
  { name: 'Purple', primary: '#a855f7', accent: '#8b5cf6' },
] as const
