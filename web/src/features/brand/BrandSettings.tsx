import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Save } from 'lucide-react'
import { toast } from '@/lib/toast'
import { getBrand, updateBrand } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { BrandSettings as Brand, SocialLink } from '@/api/types'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { Spinner } from '@/components/ui/spinner'
import { PRODUCT_NAME } from '@/lib/constants'
import { ImageChoice } from './ImageChoice'
import { SocialLinksEditor } from './SocialLinksEditor'
import { badLinks, cleanLinks } from './links'

export const BRAND_SAVED = 'Brand saved'

/**
 * The blog's brand: logo, browser icon and default sharing image (each from the media library or
 * uploaded, removable) and the owner's links (PUT /api/workspace/brand).
 */
export function BrandSettings({ slug }: { slug: string }) {
  const brand = useQuery({ queryKey: qk.brand, queryFn: getBrand })
  return (
    <Card>
      <CardHeader>
        <CardTitle id="brand-title">Brand</CardTitle>
        <CardDescription>Your blog's logo, icon, sharing image and links.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={brand}>{(b) => <BrandForm key={JSON.stringify(b)} brand={b} slug={slug} />}</QueryState>
      </CardContent>
    </Card>
  )
}

function BrandForm({ brand, slug }: { brand: Brand; slug: string }) {
  const queryClient = useQueryClient()
  const [logoUrl, setLogoUrl] = useState(brand.logoUrl)
  const [faviconUrl, setFaviconUrl] = useState(brand.faviconUrl)
  const [socialImageUrl, setSocialImageUrl] = useState(brand.socialImageUrl)
  const [links, setLinks] = useState<SocialLink[]>(brand.socialLinks ?? [])
  const [uploading, setUploading] = useState(0)
  const [showErrors, setShowErrors] = useState(false)
  const bad = badLinks(links)

  const save = useMutation({
    mutationFn: () => updateBrand({ logoUrl, faviconUrl, socialImageUrl, socialLinks: cleanLinks(links) }),
    onSuccess: (saved) => {
      toast.success(BRAND_SAVED, { description: 'Readers see it on your blog now.' })
      queryClient.setQueryData(qk.brand, saved)
      void queryClient.invalidateQueries({ queryKey: qk.blog(slug) })
    },
    onError: (err) => toast.error('Error saving settings', { description: errorMessage(err) }),
  })
  const busy = (b: boolean) => setUploading((n) => n + (b ? 1 : -1))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setShowErrors(true)
    if (bad.size === 0) save.mutate()
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="brand-title" className="grid gap-6">
      <fieldset disabled={save.isPending} className="grid gap-6 lg:grid-cols-3">
        <legend className="sr-only">Brand images</legend>
        <ImageChoice id="brand-logo" label="Logo" hint="Shown in your blog's header instead of its name." value={logoUrl} onChange={setLogoUrl} onBusyChange={busy} shape="square" />
        <ImageChoice id="brand-icon" label="Icon" hint="The browser tab's icon on your blog. Square works best. Until you choose one, your blog's initial on its colour is shown." value={faviconUrl} onChange={setFaviconUrl} onBusyChange={busy} shape="square" />
        <ImageChoice
          id="brand-social"
          label="Social image"
          hint="Shown when a page without its own image is shared. 1200x630 works best. Until you choose one, a card with your blog's name and colour is shared."
          value={socialImageUrl}
          onChange={setSocialImageUrl}
          onBusyChange={busy}
        />
      </fieldset>
      <SocialLinksEditor id="brand-links" label="Your links" links={links} bad={showErrors ? bad : new Set()} onChange={setLinks} />
      <p className="text-xs text-slate-500">
        {brand.whiteLabel
          ? `White-label: your blog shows no ${PRODUCT_NAME} marks.`
          : `Your blog's footer says “Powered by ${PRODUCT_NAME}”; the Agency plan removes it.`}
      </p>
      <div>
        <Button type="submit" disabled={save.isPending || uploading > 0}>
          {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          {save.isPending ? 'Saving...' : 'Save brand'}
        </Button>
      </div>
    </form>
  )
}
