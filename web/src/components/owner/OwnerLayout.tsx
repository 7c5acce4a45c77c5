import type { ReactNode } from 'react'
import { PageHeader } from '@/components/PageHeader'
import { SectionNav } from '@/components/admin/AdminLayout'
import { VerifyBanner } from '@/components/account/VerifyBanner'

/** Page frame for owner pages: section tabs, heading, subtitle and actions. */
export function OwnerPage({
  title,
  subtitle,
  actions,
  blogPath,
  children,
}: {
  title: string
  subtitle?: ReactNode
  actions?: ReactNode
  /** The public blog ('View blog'); default /blog/{the owner's workspace}. */
  blogPath?: string
  children: ReactNode
}) {
  return (
    <div className="container-page py-8 sm:py-10">
      <SectionNav blogPath={blogPath} />
      <VerifyBanner />
      <PageHeader title={title} subtitle={subtitle} actions={actions} className="mt-6" />
      <div className="mt-8">{children}</div>
    </div>
  )
}
