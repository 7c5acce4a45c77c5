import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type RefObject } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { generatePost, getOwnerPost } from '@/api/endpoints'
import { errorMessage, isApiError } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { Category, Job } from '@/api/types'
import { postScreenPath } from '@/components/owner/desk'
import { useCancelJob, useJob, useNow } from '@/hooks/useJobs'
import { useRefreshOwnerData } from '@/hooks/useOwner'
import { useUploadCount } from '@/hooks/useUploadCount'
import { withoutBannerErrors, type BannerDraft } from '@/lib/banners'
import { emptyForm, toGenerateInput, validateGenerate, type FieldErrors, type GenerateForm } from './generate'
import { elapsedSeconds, isActive, stageLabel } from './jobs'

export const GENERATE_FAILED = 'Failed to generate blog post'
export const MSG_STILL_WRITING = "Still writing — you'll find it under Recent generations on your dashboard."

/** The success toast: live on the blog, or a draft saved with a button that opens it. */
function announce(post: { id: number; title: string; status: GenerateForm['status'] | 'scheduled' }, open: (path: string) => void) {
  const title = `“${post.title}”`
  if (post.status === 'draft') {
    toast.success('Draft saved', {
      id: `job-post-${post.id}`,
      description: `${title} is saved as a draft for you to review.`,
      action: { label: 'Open draft', onClick: () => open(postScreenPath(post.id)) },
    })
  } else {
    toast.success('Post generated', { id: `job-post-${post.id}`, description: `${title} is now live on your blog.` })
  }
}

/** The category to start with: the only one, when there is exactly one. */
function defaultCategory(categories: Category[] | undefined): string {
  return categories?.length === 1 ? categories[0].slug : ''
}

/** The blog's default tone and length (its writing profile), where a new form starts. */
export interface GenerateDefaults {
  tone: string
  length: string
}

/** A fresh form: tone and length left empty stand for the blog's defaults until they are chosen. */
const freshForm = (): GenerateForm => ({ ...emptyForm(), tone: '', length: '' })

/**
 * The generate dialog's state: the form and its errors, uploads under way, and the generation: a
 * POST that queues a job (202), then the job, asked for every second until it is over. `onDone`
 * closes the dialog after a success; a refused submit focuses the first invalid field of `formRef`.
 * The job is followed while this hook is mounted, whether the dialog is open or not, so a post
 * finished after the dialog was closed is still announced.
 */
export function useGenerateForm(
  categories: Category[] | undefined,
  onDone: () => void,
  formRef: RefObject<HTMLFormElement | null>,
  defaults?: GenerateDefaults,
) {
  const queryClient = useQueryClient()
  const refresh = useRefreshOwnerData()
  const navigate = useNavigate()
  const [form, setForm] = useState<GenerateForm>(freshForm)
  const [errors, setErrors] = useState<FieldErrors>({})
  const { uploading, onBusyChange } = useUploadCount()
  const [jobId, setJobId] = useState<number | null>(null)
  /** The status asked for the job followed ('Publish now' or 'Save as draft'). */
  const asked = useRef<GenerateForm['status']>('published')

  // Start with the only category when there is just one, and with the blog's tone and length.
  const blank = emptyForm()
  const current: GenerateForm = {
    ...form,
    category: form.category || defaultCategory(categories),
    tone: form.tone || defaults?.tone || blank.tone,
    length: form.length || defaults?.length || blank.length,
  }

  const mutation = useMutation({
    mutationFn: (f: GenerateForm) => generatePost(toGenerateInput(f)),
    onSuccess: (res, sent) => {
      asked.current = sent.status
      queryClient.setQueryData(qk.job(res.job.id), res.job)
      setJobId(res.job.id)
      // The usage is reserved now; the dashboard's "Recent generations" lists the job.
      void queryClient.invalidateQueries({ queryKey: qk.workspace, exact: true })
      void queryClient.invalidateQueries({ queryKey: qk.jobs })
    },
    onError: (err) => {
      // The server's message (e.g. the plan limit on 402, too many jobs on 429), else the product's fallback text.
      const fromServer = isApiError(err) && err.code !== 'http_error' && err.code !== 'invalid_response'
      toast.error('Generation failed', { description: fromServer ? errorMessage(err, GENERATE_FAILED) : GENERATE_FAILED })
      if (isApiError(err, 402)) void refresh()
    },
  })

  const jobQuery = useJob(jobId)
  const job = jobId !== null ? jobQuery.data : undefined
  const lost = isApiError(jobQuery.error, 404)
  const running = isActive(job) && !lost
  const generating = mutation.isPending || running
  const { cancel: cancelJob, canceling: isCanceling } = useCancelJob()
  const canceling = isCanceling(job)
  const now = useNow(running)
  const elapsed = job && running ? elapsedSeconds(job, now) : 0
  const stage = job && running ? stageLabel(job, canceling) : mutation.isPending ? 'Sending your request…' : ''
  /** Why the last job wrote nothing, shown in the dialog until the next try. */
  const failure = job?.status === 'failed' ? job.error || GENERATE_FAILED : lost ? 'This generation can no longer be followed.' : ''

  // Once the job is over: announce it, and after a success clear the form and close the dialog.
  const finished = useEffectEvent((done: Job) => {
    void queryClient.invalidateQueries({ queryKey: qk.jobs })
    if (done.status === 'succeeded') {
      setForm(freshForm())
      setErrors({})
      onDone()
      void refresh()
      const id = done.postId
      if (id) {
        queryClient
          .fetchQuery({ queryKey: qk.ownerPost(id), queryFn: () => getOwnerPost(id).then((r) => r.post) })
          .then(
            (post) => announce({ id, title: post.title || done.topic, status: post.status ?? asked.current }, navigate),
            () => announce({ id, title: done.topic, status: asked.current }, navigate),
          )
      } else {
        toast.success('Post generated', { id: `job-${done.id}`, description: `“${done.topic}” is written.` })
      }
      if (done.imageError) toast.warning('Image not generated', { id: `job-image-${done.id}`, description: done.imageError })
    } else if (done.status === 'failed') {
      toast.error('Generation failed', { id: `job-${done.id}`, description: done.error || GENERATE_FAILED })
      void refresh()
    } else if (done.status === 'canceled') {
      toast('Generation canceled', { id: `job-${done.id}` })
      void refresh()
    }
  })
  const announced = useRef<number | null>(null)
  useEffect(() => {
    if (!job || isActive(job) || announced.current === job.id) return
    announced.current = job.id
    finished(job)
  }, [job])

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
    setJobId(null)
    mutation.mutate(current)
  }

  /** Cancels the job under way (POST .../cancel); its end is announced like any other. */
  const cancel = () => {
    if (job && running && !canceling) cancelJob(job.id)
  }

  /**
   * The dialog is being closed. A generation under way goes on: a toast says where to find it. A
   * finished job is forgotten, so the dialog opens afresh next time.
   */
  const closing = () => {
    if (generating) toast(MSG_STILL_WRITING, { id: 'generate-still-writing' })
    else if (job) setJobId(null)
  }

  return {
    form,
    current,
    errors,
    set,
    update,
    setBanners,
    bannerEdited,
    clearImageError,
    uploading,
    onBusyChange,
    generating,
    stage,
    elapsed,
    canceling,
    /** A job is queued or running (not while the request that queues it is on its way). */
    canCancel: running,
    cancel,
    failure,
    closing,
    submit,
  }
}

export type GenerateFormState = ReturnType<typeof useGenerateForm>
