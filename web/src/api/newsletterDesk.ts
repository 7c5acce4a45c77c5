/** The post desk's newsletter endpoints and the blog's welcome e-mail. */
import { api } from './client'
import type { NewsletterOutlookResponse, NewsletterSendResponse, NewsletterTestResponse, WelcomeEmail, WelcomeEmailResponse } from './types'

export const newsletterDeskKeys = {
  outlook: ['workspace', 'newsletter', 'outlook'] as const,
  welcome: ['workspace', 'newsletter', 'welcome'] as const,
}

/** What publishing a post now would do with its e-mail. */
export const getNewsletterOutlook = () => api<NewsletterOutlookResponse>('/api/workspace/newsletter/outlook').then((r) => r.outlook)

/** E-mails a published post that was not sent, now (once). */
export const sendNewsletterNow = (id: number) => api<NewsletterSendResponse>(`/api/workspace/posts/${id}/newsletter/send`, { method: 'POST' })

/** E-mails the post, as subscribers would get it, to the signed-in owner's own address. */
export const sendNewsletterTest = (id: number) => api<NewsletterTestResponse>(`/api/workspace/posts/${id}/newsletter/test`, { method: 'POST' })

export const getWelcomeEmail = () => api<WelcomeEmailResponse>('/api/workspace/newsletter/welcome')
export const saveWelcomeEmail = (welcome: WelcomeEmail) =>
  api<WelcomeEmailResponse>('/api/workspace/newsletter/welcome', { method: 'PUT', body: welcome })
