/**
 * /admin/users (admins only) — every workspace with its plan, this month's usage, status and
 * creation date; a plan selector per workspace (PUT /api/admin/workspaces/{id}/plan) and the
 * beta testing instructions. Workspaces admins run (an admin's own, the site's) have no limits
 * whatever their stored tier, so they show the plan 'Admin' and no selector. On phones the table
 * becomes cards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { FlaskConical, Link2, Users } from 'lucide-react'
import { toast } from '@/lib/toast'
import { updateWorkspacePlan } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { AdminWorkspace, PlanTier } from '@/api/types'
import { EmptyState } from '@/components/EmptyState'
import { AdminPage, AdminSection, DashboardLogout } from '@/components/admin/AdminLayout'
import { RequireAdmin } from '@/components/admin/RequireAdmin'
import { UsageCell } from '@/components/admin/UsageCell'
import { PLAN_TIERS, planLabel } from '@/components/admin/plans'
import { CopyField } from '@/components/ui/copy-field'
import { Spinner } from '@/components/ui/spinner'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { DataTable } from '@/components/ui/data-table'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { LoadingRows, QueryState } from '@/components/ui/query-state'
import { useAdminWorkspaces } from '@/hooks/useAdmin'
import { useErrorToast } from '@/hooks/useErrorToast'
import { usePageMeta } from '@/hooks/usePageMeta'
import { usePlans, useSite } from '@/hooks/usePublic'
import { formatLimit, formatShortDate } from '@/lib/format'

/**
 * Who runs a workspace without limits: 'site' for the platform's own blog, 'admin' for a workspace
 * whose owner is an admin. Null for everyone else.
 */
function runByAdmin(ws: AdminWorkspace, siteSlug: string | undefined): 'site' | 'admin' | null {
  if (siteSlug && ws.slug === siteSlug) return 'site'
  if (ws.ownerAdmin) return 'admin'
  return null
}

function AdminRun({ kind }: { kind: 'site' | 'admin' }) {
  return <span className="text-sm text-slate-500">{kind === 'site' ? 'Site blog: unlimited' : 'Admin account: unlimited'}</span>
}

// SendingPaused marks a blog whose newsletters are paused: too many of its recent e-mails were refused or reported as spam.
function SendingPaused() {
  return (
    <p className="mt-1">
      <Badge variant="destructive" title="Too many of this blog's recent e-mails were refused (bounced) or reported as spam: its newsletters are not sent, and copies waiting are held">
        Sending paused
      </Badge>
    </p>
  )
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={status === 'active' ? 'default' : 'secondary'} className="capitalize">
      {status || 'unknown'}
    </Badge>
  )
}

function PlanSelect({ ws, busy, onChange }: { ws: AdminWorkspace; busy: boolean; onChange: (tier: PlanTier) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Select value={ws.planTier} onValueChange={(v) => v !== ws.planTier && onChange(v as PlanTier)} disabled={busy}>
        <SelectTrigger className="h-9 w-40" aria-label={`Plan for ${ws.name}`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PLAN_TIERS.map((p) => (
            <SelectItem key={p.value} value={p.value}>
              {p.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {busy && <Spinner className="text-slate-500" />}
    </div>
  )
}

function WorkspacesTable() {
  const workspaces = useAdminWorkspaces()
  const siteSlug = useSite().data?.siteWorkspace
  const queryClient = useQueryClient()

  useErrorToast(workspaces, 'Error loading workspaces')

  const plan = useMutation({
    mutationFn: ({ ws, tier }: { ws: AdminWorkspace; tier: PlanTier }) => updateWorkspacePlan(ws.id, tier),
    onSuccess: (_res, { ws, tier }) => {
      toast.success('Plan updated', { description: `${ws.name} is now on the ${planLabel(tier)} plan.` })
      void queryClient.invalidateQueries({ queryKey: qk.adminWorkspaces })
      void queryClient.invalidateQueries({ queryKey: qk.workspace })
    },
    onError: (err) => toast.error('Error updating plan', { description: errorMessage(err) }),
  })
  const busyId = plan.isPending ? plan.variables?.ws.id : undefined
  const change = (ws: AdminWorkspace) => (tier: PlanTier) => plan.mutate({ ws, tier })

  const count = workspaces.data ? ` (${workspaces.data.length})` : ''

  const body = (
    <QueryState query={workspaces} loading={<LoadingRows count={4} />} empty={<EmptyState icon={<Users className="size-6" aria-hidden="true" />} title="No workspaces found" />}>
      {(list) => (
        <>
          {/* Phones and tablets: cards */}
          <ul className="grid gap-3 sm:grid-cols-2 xl:hidden" aria-label="Workspaces">
            {list.map((ws) => {
              const run = runByAdmin(ws, siteSlug)
              return (
                <li key={ws.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-slate-900">{ws.name}</p>
                      <p className="truncate text-xs text-slate-500">{ws.ownerEmail || '—'}</p>
                      {ws.sendingPaused && <SendingPaused />}
                    </div>
                    <StatusBadge status={ws.status} />
                  </div>
                  <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
                    <dt className="text-slate-500">Slug</dt>
                    <dd className="truncate font-mono text-xs leading-5 text-slate-700">{ws.slug}</dd>
                    <dt className="text-slate-500">Usage (Posts)</dt>
                    <dd>
                      <UsageCell noData={!ws.usage} used={ws.usage?.postsGenerated} limit={ws.usage?.postsLimit} />
                    </dd>
                    <dt className="text-slate-500">Usage (Images)</dt>
                    <dd>
                      <UsageCell noData={!ws.usage} used={ws.usage?.imagesGenerated} limit={ws.usage?.imagesLimit} />
                    </dd>
                    <dt className="text-slate-500">Created</dt>
                    <dd className="text-slate-700">
                      <time dateTime={ws.createdAt}>{formatShortDate(ws.createdAt)}</time>
                    </dd>
                  </dl>
                  <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
                    <span className="text-sm text-slate-500">Plan</span>
                    {run ? (
                      <span className="flex items-center gap-2">
                        <Badge variant="outline">{planLabel('admin')}</Badge>
                        <AdminRun kind={run} />
                      </span>
                    ) : (
                      <PlanSelect ws={ws} busy={busyId === ws.id} onChange={change(ws)} />
                    )}
                  </div>
                </li>
              )
            })}
          </ul>

          {/* Wide screens: table */}
          <DataTable
            caption="Workspaces"
            className="xl:block"
            scroll
            columns={[
              'Workspace',
              'Slug',
              'Plan',
              'Usage (Posts)',
              'Usage (Images)',
              'Status',
              'Created',
              'Actions',
            ]}
          >
            {list.map((ws) => {
              const run = runByAdmin(ws, siteSlug)
              return (
                <tr key={ws.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <p className="font-medium text-slate-900">{ws.name}</p>
                    {ws.ownerEmail && <p className="text-xs text-slate-500">{ws.ownerEmail}</p>}
                    {ws.sendingPaused && <SendingPaused />}
                  </td>
                  <td className="px-4 py-3 font-mono text-xs text-slate-600">{ws.slug}</td>
                  <td className="px-4 py-3">
                    <Badge variant="outline">{planLabel(run ? 'admin' : ws.planTier)}</Badge>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <UsageCell noData={!ws.usage} used={ws.usage?.postsGenerated} limit={ws.usage?.postsLimit} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <UsageCell noData={!ws.usage} used={ws.usage?.imagesGenerated} limit={ws.usage?.imagesLimit} />
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={ws.status} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                    <time dateTime={ws.createdAt}>{formatShortDate(ws.createdAt)}</time>
                  </td>
                  <td className="px-4 py-2">
                    {run ? <AdminRun kind={run} /> : <PlanSelect ws={ws} busy={busyId === ws.id} onChange={change(ws)} />}
                  </td>
                </tr>
              )
            })}
          </DataTable>
        </>
      )}
    </QueryState>
  )

  return (
    <AdminSection id="workspaces" title={`All Workspaces${count}`} description="Plans, this month’s usage and status of every blog.">
      {body}
    </AdminSection>
  )
}

function BetaInstructions() {
  const plans = usePlans()
  const signupUrl = `${window.location.origin}/signup`
  const limits = (plans.data?.plans ?? []).filter((p) => PLAN_TIERS.some((t) => t.value === p.id))
  return (
    <Card className="border-brand-200 bg-brand-50/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FlaskConical className="size-5 text-brand-600" aria-hidden="true" /> Beta Testing Instructions
        </CardTitle>
        <CardDescription>Invite testers and give them the room they need.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 lg:grid-cols-2">
        <ol className="grid list-decimal content-start gap-2 pl-5 text-sm text-slate-700 marker:font-semibold marker:text-brand-600">
          <li>Share the signup link below with your beta testers.</li>
          <li>
            Each tester creates an account and a blog. New workspaces start on the Starter plan with a {plans.data?.trialDays ?? 14}-day trial of{' '}
            {plans.data?.trialPosts ?? 10} posts and {plans.data?.trialImages ?? 10} images.
          </li>
          <li>Their workspace appears in the table above. Change its plan with the selector in the Actions column; the new monthly limits apply at once.</li>
        </ol>
        <div className="grid content-start gap-4">
          <CopyField label="Signup link" url={signupUrl} icon={Link2} />
          {limits.length > 0 && (
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <table className="w-full text-left text-xs">
                <caption className="sr-only">Monthly limits per plan</caption>
                <thead className="bg-slate-50 uppercase tracking-wider text-slate-500">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">Plan</th>
                    <th scope="col" className="px-3 py-2 text-right font-semibold">Posts / month</th>
                    <th scope="col" className="px-3 py-2 text-right font-semibold">Images / month</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 text-slate-700">
                  {limits.map((p) => (
                    <tr key={p.id}>
                      <th scope="row" className="px-3 py-2 font-medium">{planLabel(p.id)}</th>
                      <td className="px-3 py-2 text-right tabular-nums">{formatLimit(p.postsPerMonth)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatLimit(p.imagesPerMonth)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  )
}

export default function AdminUsers() {
  usePageMeta('Users')
  return (
    <RequireAdmin>
      {() => (
        <AdminPage title="User Management" subtitle="Workspaces, plans and usage across the platform." actions={<DashboardLogout />}>
          <WorkspacesTable />
          <div className="mt-10">
            <BetaInstructions />
          </div>
        </AdminPage>
      )}
    </RequireAdmin>
  )
}
