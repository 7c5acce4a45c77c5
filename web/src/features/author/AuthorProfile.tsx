import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ExternalLink, Save } from 'lucide-react'
import { toast } from '@/lib/toast'
import { getAuthorProfile, updateAuthorProfile } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import { LIMITS, type AuthorProfile as Profile, type SocialLink } from '@/api/types'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { QueryState } from '@/components/ui/query-state'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { ImageChoice } from '@/features/brand/ImageChoice'
import { SocialLinksEditor } from '@/features/brand/SocialLinksEditor'
import { badLinks, cleanLinks } from '@/features/brand/links'

export const PROFILE_SAVED = 'Author profile saved'

/**
 * The signed-in user's author profile: display name, bio, avatar and links, shown in bylines and on
 * their author page (PUT /api/workspace/author).
 */
export function AuthorProfile() {
  const profile = useQuery({ queryKey: qk.authorProfile, queryFn: getAuthorProfile })
  return (
    <Card>
      <CardHeader>
        <CardTitle id="author-title">Author profile</CardTitle>
        <CardDescription>Who readers see in your posts' bylines and on your author page.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={profile}>{(p) => <ProfileForm key={JSON.stringify(p)} profile={p} />}</QueryState>
      </CardContent>
    </Card>
  )
}

/** What an unchanged name shows: the account's name, or on the platform's own blog the name its posts carry. */
function nameHint(profile: Profile): string {
  return profile.defaultName === profile.userName
    ? `Leave as is to show your account's name (${profile.userName}).`
    : `Leave as is to show the blog's author name (${profile.defaultName}).`
}

function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient()
  const [displayName, setDisplayName] = useState(profile.displayName || profile.defaultName)
  const [bio, setBio] = useState(profile.bio)
  const [avatarUrl, setAvatarUrl] = useState(profile.avatarUrl)
  const [links, setLinks] = useState<SocialLink[]>(profile.links ?? [])
  const [uploading, setUploading] = useState(0)
  const [showErrors, setShowErrors] = useState(false)
  const bad = badLinks(links)
  const bioTooLong = bio.length > LIMITS.authorBioMax

  const save = useMutation({
    mutationFn: () => updateAuthorProfile({ displayName: displayName.trim(), bio: bio.trim(), avatarUrl, links: cleanLinks(links) }),
    onSuccess: (saved) => {
      toast.success(PROFILE_SAVED, { description: 'Your bylines show it now.' })
      queryClient.setQueryData(qk.authorProfile, saved)
      // Bylines are in every post and list of the blogs the author wrote on.
      void queryClient.invalidateQueries({ queryKey: ['post'] })
      void queryClient.invalidateQueries({ queryKey: ['posts'] })
      void queryClient.invalidateQueries({ queryKey: ['author'] })
    },
    onError: (err) => toast.error('Error saving settings', { description: errorMessage(err) }),
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setShowErrors(true)
    if (bad.size === 0 && !bioTooLong) save.mutate()
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="author-title" className="grid gap-6">
      <fieldset disabled={save.isPending} className="grid gap-5 sm:grid-cols-[auto_minmax(0,1fr)]">
        <legend className="sr-only">Author profile</legend>
        <ImageChoice
          id="author-avatar"
          label="Avatar"
          value={avatarUrl}
          onChange={setAvatarUrl}
          onBusyChange={(b) => setUploading((n) => n + (b ? 1 : -1))}
          shape="round"
        />
        <div className="grid content-start gap-5">
          <Field id="author-name" label="Display name" hint={nameHint(profile)}>
            {(aria) => <Input {...aria} value={displayName} maxLength={LIMITS.authorNameMax} onChange={(e) => setDisplayName(e.target.value)} />}
          </Field>
          <Field
            id="author-bio"
            label="Short bio"
            error={showErrors && bioTooLong ? `The bio must be at most ${LIMITS.authorBioMax} characters` : null}
            hint={`${bio.length}/${LIMITS.authorBioMax} characters`}
          >
            {(aria) => <Textarea {...aria} rows={3} value={bio} onChange={(e) => setBio(e.target.value)} />}
          </Field>
        </div>
      </fieldset>
      <SocialLinksEditor id="author-links" label="Your profiles" links={links} bad={showErrors ? bad : new Set()} onChange={setLinks} />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={save.isPending || uploading > 0}>
          {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          {save.isPending ? 'Saving...' : 'Save profile'}
        </Button>
        {profile.url && (
          <a href={profile.url} className="inline-flex items-center gap-1 text-sm font-medium text-(--brand-strong) hover:underline">
            Your author page <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        )}
      </div>
    </form>
  )
}
