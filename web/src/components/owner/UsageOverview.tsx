import { AlertTriangle, FileText, ImageIcon, Mail } from 'lucide-react'
import type { WorkspaceResponse } from '@/api/types'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatLimit } from '@/lib/format'
import { USAGE_WARNING, postStorageLine, showUsageWarning } from '@/lib/usage'
import { cn } from '@/lib/utils'
import { MailNotice } from '@/features/newsletter/MailNotice'
import { UsageCard } from './UsageCard'
import { ADMIN_PLAN, isUnlimitedDesk } from './desk'

function PlanCard({ data, unlimited }: { data: WorkspaceResponse; unlimited: boolean }) {
  const { plan, usage, workspace } = data
  const name = unlimited ? ADMIN_PLAN : plan?.name || workspace.planTier
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="pb-3">
        <CardDescription className="font-medium">Current plan</CardDescription>
        <CardTitle className={cn('capitalize', unlimited ? 'text-xl' : 'text-3xl')}>{name}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          {usage.trial && !unlimited && <Badge variant="success">Free trial</Badge>}
          <Badge variant={workspace.status === 'active' ? 'default' : 'secondary'} className="capitalize">
            {workspace.status}
          </Badge>
        </div>
        {unlimited ? (
          <p className="text-xs text-slate-500">No monthly limits on posts, images or categories.</p>
        ) : (
          plan && (
            <p className="text-xs text-slate-500">
              {usage.trial ? 'Trial allowance this month. ' : ''}
              {plan.maxCategories > 0 ? `Up to ${plan.maxCategories} categories. ` : 'Unlimited categories. '}
              {plan.postsPerMonth > 0 && `${formatLimit(plan.postsPerMonth)} posts and ${formatLimit(plan.imagesPerMonth)} images a month.`}
            </p>
          )
        )}
        {data.postStorage && <p className="text-xs text-slate-500">{postStorageLine(data.postStorage, unlimited)}</p>}
      </CardContent>
    </Card>
  )
}

/**
 * This month's posts, images and newsletter e-mails against their limits and the current plan (the
 * owner's and the admin's dashboards), with the 80% warning for limited plans and a line when the
 * server writes e-mails to its outbox folder instead of sending them. Admins see infinity and
 * 'Admin - Unlimited Access', never a plan of their own workspace row.
 */
export function UsageOverview({ data, isAdmin }: { data: WorkspaceResponse | undefined; isAdmin: boolean }) {
  if (!data) {
    return (
      <section aria-label="Usage" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-40 rounded-2xl" />
        ))}
      </section>
    )
  }
  const unlimited = isUnlimitedDesk(data, isAdmin)
  const { usage } = data
  return (
    <>
      {!unlimited && showUsageWarning(usage) && (
        <div role="status" className="flex items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
          {USAGE_WARNING}
        </div>
      )}
      <MailNotice mail={data.mail} compact />
      <section aria-label="Usage" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <UsageCard label="Posts this month" used={usage.postsGenerated} limit={usage.postsLimit} unlimited={unlimited} icon={FileText} />
        <UsageCard label="Images this month" used={usage.imagesGenerated} limit={usage.imagesLimit} unlimited={unlimited} icon={ImageIcon} />
        {data.mail && (
          <UsageCard label="Newsletter e-mails" used={data.mail.emailsSent} limit={data.mail.emailsLimit} unlimited={unlimited} icon={Mail} />
        )}
        <div className={cn(!data.mail && 'sm:col-span-2 lg:col-span-2')}>
          <PlanCard data={data} unlimited={unlimited} />
        </div>
      </section>
    </>
  )
}
