import { describe, expect, it } from 'vitest'
import type { Plan } from '@/api/types'
import { planLines } from './plans'

const starter: Plan = {
  id: 'starter',
  name: 'Starter',
  betaPrice: 15,
  regularPrice: 29,
  postsPerMonth: 30,
  imagesPerMonth: 30,
  maxCategories: 4,
  maxBlogs: 1,
  customDomain: false,
  features: ['3 templates'],
  emailsPerMonth: 5000,
  maxSubscribers: 1000,
}

describe('planLines', () => {
  it('words the limits from the numbers, then the features', () => {
    expect(planLines(starter)).toEqual(['30 posts per month', '30 AI images per month', 'Up to 4 categories', '1 blog', '3 templates'])
    expect(planLines({ ...starter, maxCategories: 0, features: null as unknown as string[] })).toContain('Unlimited categories')
  })

  it('words the number of blogs from the plan', () => {
    expect(planLines({ ...starter, maxBlogs: 5 })).toContain('Up to 5 blogs')
    expect(planLines({ ...starter, maxBlogs: 0 })).toContain('Unlimited blogs')
  })

  it('lists the category line once when a feature restates it', () => {
    const lines = planLines({ ...starter, features: ['1 blog', 'Up to 4 categories', '3 templates'] })
    expect(lines.filter((l) => /categor/i.test(l))).toEqual(['Up to 4 categories'])
    const pro = planLines({ ...starter, maxCategories: 0, features: ['unlimited categories', 'Custom domain'] })
    expect(pro.filter((l) => /categor/i.test(l))).toEqual(['Unlimited categories'])
  })
})
