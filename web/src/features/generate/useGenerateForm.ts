import { useEffect, useState, type FormEvent, type RefObject } from 'react'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { generatePost } from '@/api/endpoints'
import { errorMessage, isApiError } from '@/api/client'
import type { Category, GenerateResponse } from '@/api/types'
import { postScreenPath } from '@/components/owner/desk'
import { useRefreshOwnerData } from '@/hooks/useOwner'
import { useUploadCount } from '@/hooks/useUploadCount'
import { withoutBannerErrors, type BannerDraft } from '@/lib/banners'
import { emptyForm, toGenerateInput, validateGenerate, type FieldErrors, type GenerateForm } from './generate'

const GENERATE_FAILED = 'Failed to generate blog post'

/** The success toast: live on the blog, or a draft saved with a button that opens it. */
function announce(res: GenerateResponse, asked: GenerateForm['status'], open: (path: string) => void) {
  const title = `“${res.post.title}”`
  if ((res.post.status ?? asked) === 'draft') {
    toast.success('Draft saved', {
      description: `${title} is saved as a draft for you to review.`,
      action: { label: 'Open draft', onClick: () => open(postScreenPath(res.post.id)) },
    })
  } else {
    toast.success('Post generated', { description: `${title} is now live on your blog.` })
  }
}

/** The category to start with: the only one, when there is exactly one. */
function defaultCategory(categories: Category[] | undefined): string {
  return categories?.length === 1 ? categories[0].slug : ''
}

/** Seconds since `running` turned on (0 while off), ticking once a second. */
function useElapsed(running: boolean): number {
  const [elapsed, setElapsed] = useState(0)
  useEffect(() => {
    if (!running) return
    const started = Date.now()
    const t = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000)
    return () => {
      clearInterval(t)
      setElapsed(0)
    }
  }, [running])
  return elapsed
}

/**
 * The generate dialog's state: the form and its errors, uploads under way, the request (one long
 * POST) and the seconds it has run. `onDone` closes the dialog after a success; a refused submit
 * focuses the first invalid field of `formRef`.
 */
export function useGenerateForm(categories: Category[] | undefined, onDone: () => void, formRef: RefObject<HTMLFormElement | null>) {
  const refresh = useRefreshOwnerData()
  const navigate = useNavigate()
  const [form, setForm] = useState<GenerateForm>(() => emptyForm())
  const [errors, setErrors] = useState<FieldErrors>({})
  const { uploading, onBusyChange } = useUploadCount()

  // Start with the only category when there is just one.
  const current: GenerateForm = form.category ? form : { ...form, category: defaultCategory(categories) }

  const mutation = useMutation({
    mutationFn: (f: GenerateForm) => generatePost(toGenerateInput(f)),
    onSuccess: (res, sent) => {
      announce(res, sent.status, navigate)
      if (res.imageError) toast.warning('Image not generated', { description: res.imageError })
      setForm(emptyForm())
      setErrors({})
      onDone()
      void refresh()
    },
    onError: (err) => {
      // The server's message (e.g. the plan limit on 402), else the product's fallback text.
      const fromServer = isApiError(err) && err.code !== 'http_error' && err.code !== 'invalid_response'
      toast.error('Generation failed', { description: fromServer ? errorMessage(err, GENERATE_FAILED) : GENERATE_FAILED })
      if (isApiError(err, 402)) void refresh()
    },
  })
  const generating = mutation.isPending
  const elapsed = useElapsed(generating)

  const set = <K extends keyof GenerateForm>(key: K, value: GenerateForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }))
    setErrors((e) => ({ ...e, [key === 'mediaId' || key === 'imageUrl' || key === 'imageMode' ? 'image' : key]: undefined }))
  }
  const update = (change: (f: GenerateForm) => GenerateForm) => setForm(change)
  const setBanners = (change: (list: BannerDraft[]) => BannerDraft[]) => setForm((f) => ({ ...f, banners: change(f.banners) }))
  const bannerEdited = (key: string) =>
    setErrors((e) => {
      const banners = withoutBannerErrors(e.banners, key)
      return banners === e.banners ? e : { ...e, banners }
    })
  const clearImageError = () => setErrors((e) => ({ ...e, image: undefined }))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (generating || uploading) return
    const v = validateGenerate(current)
    setErrors(v.errors)
    if (v.toast) {
      toast.error(v.toast.title, { description: v.toast.description })
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    mutation.mutate(current)
  }

  return { form, current, errors, set, update, setBanners, bannerEdited, clearImageError, uploading, onBusyChange, generating, elapsed, submit }
}

export type GenerateFormState = ReturnType<typeof useGenerateForm>
