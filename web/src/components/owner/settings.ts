/** Dashboard blog-settings choices: templates and fonts (the colour schemes are PALETTE.schemes). */
import type { TemplateId } from '@/api/types'

export const TEMPLATES: { id: TemplateId; name: string }[] = [
  { id: 'template-1', name: 'Modern' },
  { id: 'template-2', name: 'Classic' },
  { id: 'template-3', name: 'Minimal' },
]

export const DASHBOARD_FONTS = ['Inter', 'Roboto', 'Playfair Display', 'Open Sans', 'Lora']
