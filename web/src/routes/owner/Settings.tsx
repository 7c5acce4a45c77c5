/**
 * /dashboard/settings — the blog settings on a page of their own: title, description, template,
 * colour, font, 'Review AI posts before they go live' and the writing profile (brand voice,
 * language, default tone and length), its address, its brand, its newsletter, the blog's custom domain, the
 * user's author profile and their account (e-mail address, password, their data's export, deleting it).
 * Admins get the site workspace's (which has no custom domain: it lives at the base URL).
 * Signed out: /admin/login.
 */
import { RequireSession } from '@/components/RequireSession'
import { WorkspaceGate } from '@/components/admin/WorkspaceGate'
import { BlogSettingsForm } from '@/components/owner/BlogSettingsForm'
import { AuthorProfile } from '@/features/author/AuthorProfile'
import { AccountSettings } from '@/components/account/AccountSettings'
import { PasswordSettings } from '@/components/account/PasswordSettings'
import { DeleteAccount } from '@/components/account/DeleteAccount'
import { DataExport } from '@/components/account/DataExport'
import { BrandSettings } from '@/features/brand/BrandSettings'
import { OwnerPage } from '@/components/owner/OwnerLayout'
import { BlogAddressSettings } from '@/features/address/BlogAddressSettings'
import { DomainSettings } from '@/features/domain/DomainSettings'
import { NewsletterSettings } from '@/features/newsletter/NewsletterSettings'
import { WelcomeEmailSettings } from '@/features/newsletter/WelcomeEmailSettings'
import { ADMIN_SUBSCRIBERS_PATH, OWNER_SUBSCRIBERS_PATH } from '@/features/subscribers/SubscribersScreen'
import { useMe } from '@/hooks/useMe'
import { usePageMeta } from '@/hooks/usePageMeta'
import { useWorkspaceCategories } from '@/hooks/useWorkspace'

function SettingsForm() {
  const categories = useWorkspaceCategories()
  const isAdmin = Boolean(useMe().me?.isAdmin)
  return (
    <WorkspaceGate>
      {(data) => (
        <div className="grid gap-8">
          <BlogSettingsForm key={data.workspace.id} settings={data.settings} slug={data.workspace.slug} categories={categories.data} />
          {!data.site && <BlogAddressSettings key={data.workspace.slug} current={data.workspace.slug} blogUrl={data.blogUrl} />}
          <BrandSettings slug={data.workspace.slug} />
          <NewsletterSettings data={data} subscribersPath={isAdmin ? ADMIN_SUBSCRIBERS_PATH : OWNER_SUBSCRIBERS_PATH} />
          <WelcomeEmailSettings />
          {!data.site && <DomainSettings plan={data.plan} />}
          <AuthorProfile />
          <AccountSettings />
          <PasswordSettings />
          <DataExport />
          <DeleteAccount />
        </div>
      )}
    </WorkspaceGate>
  )
}

export default function Settings() {
  usePageMeta('Settings')
  return (
    <RequireSession redirectTo="/admin/login">
      {() => (
        <OwnerPage title="Settings" subtitle="How your blog looks, how the AI writes for it, and how AI posts go live.">
          <SettingsForm />
        </OwnerPage>
      )}
    </RequireSession>
  )
}
