/** Shared fixtures for the admin-screen tests. */
import type { Category, Plan, WorkspaceResponse } from '@/api/types'
import { admin } from '@/test/utils'

export const keto: Category = { id: 1, name: 'Keto', slug: 'keto', description: 'Low-carb living', colorHex: '#10b981', gradient: '', postCount: 2 }
export const tech: Category = { id: 2, name: 'Tech', slug: 'tech', description: '', colorHex: '#0ea5e9', gradient: '', postCount: 1 }

const starter: Plan = { id: 'starter', name: 'Starter', betaPrice: 15, regularPrice: 29, postsPerMonth: 30, imagesPerMonth: 30, maxCategories: 4, maxBlogs: 1, customDomain: false, features: [], emailsPerMonth: 5000, maxSubscribers: 1000 }

export const workspaceResponse: WorkspaceResponse = {
  workspace: admin.workspace!,
  settings: { blogTitle: 'Admin', blogDescription: '', templateId: 'template-1', primaryColor: '#6366f1', fontFamily: 'Inter', onboardingCompleted: true, reviewAiPosts: false, brandVoice: '', language: 'en', defaultTone: 'professional', defaultLength: 'medium', newsletterEnabled: true, newsletterFullText: false, replyTo: '' },
  usage: { month: '2025-01-01', postsGenerated: 0, postsLimit: 999999, imagesGenerated: 0, imagesLimit: 999999, trial: false, unlimited: true },
  plan: starter,
  blogUrl: 'http://localhost/blog/olivias-blog',
  rssUrl: 'http://localhost/blog/olivias-blog/feed.xml',
  drafts: 0,
  site: false,
  mail: { sending: false, emailsSent: 0, emailsLimit: 5000, verified: true },
  postStorage: { bytes: 0, limitBytes: 52428800, revisionsKept: 10 },
}
