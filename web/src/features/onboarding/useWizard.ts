import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { completeOnboarding, skipOnboarding } from '@/api/endpoints'
import { errorMessage, isApiError } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { Me, NewCategory } from '@/api/types'
import { PALETTE } from '@/api/shared.gen'
import { useWorkspace } from '@/hooks/useWorkspace'
import { normalizeAddress } from '@/features/address/address'
import { useAddressCheck, useAddressSuggestion, type AddressStatus } from '@/features/address/useAddressCheck'
import { clearDraft, loadDraft, saveDraft } from './draft'
import { ONBOARDING_FONTS, addCustomCategory, atCategoryCap, customCategory, sameCategory, toggleCategory, validateStep } from './onboarding'

/**
 * The wizard's state: the step, the choices of each step, the plan's category cap and the two
 * requests (complete: POST /api/onboarding; skip: POST /api/onboarding/skip). The step and the choices
 * live in sessionStorage until setup is completed or skipped, so a reload resumes (draft.ts).
 */
export function useWizard(me: Me) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const ws = useWorkspace()
  const userId = me.user?.id ?? 0
  const [draft] = useState(() => loadDraft(userId))
  const [step, setStep] = useState(draft?.step ?? 1)
  // Whether the owner has moved between steps: a step opened that way takes the focus (StepHeading), the first one does not.
  const [moved, setMoved] = useState(false)
  const goTo = (to: number | ((from: number) => number)) => {
    setMoved(true)
    setStep(to)
  }
  const [blogTitle, setBlogTitle] = useState(draft?.blogTitle ?? me.workspace?.name ?? '')
  const [blogDescription, setBlogDescription] = useState(draft?.blogDescription ?? '')
  const [selected, setSelected] = useState<NewCategory[]>(draft?.selected ?? [])
  const [custom, setCustom] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [primaryColor, setPrimaryColor] = useState<string>(draft?.primaryColor ?? PALETTE.default)
  const [fontFamily, setFontFamily] = useState<string>(draft?.fontFamily ?? ONBOARDING_FONTS[0])

  // The blog's address: proposed by the server from the blog's name as it is typed, until the owner
  // writes one by hand; checked as it changes. The blog's address now is its own (always available).
  const currentAddress = me.workspace?.slug
  const [typedAddress, setTypedAddress] = useState(draft?.address ?? currentAddress ?? '')
  const [addressEdited, setAddressEdited] = useState(draft?.addressEdited ?? false)
  const suggestion = useAddressSuggestion(blogTitle, !addressEdited)
  const address = addressEdited ? typedAddress : (suggestion.address ?? typedAddress)
  const checked = useAddressCheck(address, currentAddress)
  // A refusal the server gave when setup was completed (the address was taken meanwhile).
  const [addressRefusal, setAddressRefusal] = useState<{ address: string; message: string } | null>(null)
  const addressStatus: AddressStatus =
    addressRefusal?.address === normalizeAddress(address)
      ? { state: 'refused', message: addressRefusal.message }
      : !suggestion.settled
        ? { state: 'checking', message: '' }
        : checked
  const editAddress = (v: string) => {
    setTypedAddress(v)
    setAddressEdited(true)
  }
  // Next pressed while the address was being checked: go on once the answer is in, unless it is a refusal
  // (adjusted while rendering, from the answer this render holds).
  const [waiting, setWaiting] = useState(false)
  if (waiting && addressStatus.state !== 'checking') {
    setWaiting(false)
    if (step === 1 && addressStatus.state !== 'refused') goTo(2)
  }

  // Keep the answers for a reload; the done screen (step 4) clears them instead.
  useEffect(() => {
    if (step >= 4) clearDraft(userId)
    else saveDraft(userId, { step, blogTitle, blogDescription, selected, primaryColor, fontFamily, address, addressEdited })
  }, [userId, step, blogTitle, blogDescription, selected, primaryColor, fontFamily, address, addressEdited])

  // Plan cap on categories (0 = unlimited); the server enforces it too (403).
  const plan = ws.data?.plan
  const maxCategories = me.isAdmin ? 0 : (plan?.maxCategories ?? 0)
  const capped = atCategoryCap(selected.length, maxCategories)

  const refreshMe = () => queryClient.invalidateQueries({ queryKey: qk.me })

  const complete = useMutation({
    mutationFn: () =>
      completeOnboarding({
        blogTitle: blogTitle.trim(),
        blogDescription: blogDescription.trim(),
        categories: selected,
        primaryColor,
        fontFamily,
        address: normalizeAddress(address),
      }),
    onSuccess: () => {
      clearDraft(userId)
      goTo(4)
      void queryClient.invalidateQueries({ queryKey: qk.workspace })
      void refreshMe()
    },
    onError: (err) => {
      toast.error('Failed to complete setup', { description: errorMessage(err) })
      if (isApiError(err, 403)) {
        setError(err.message)
        goTo(2)
      } else if (isApiError(err) && err.code.startsWith('address_')) {
        // Taken since it was checked (or refused): back to the step that chooses it.
        setAddressRefusal({ address: normalizeAddress(address), message: err.message })
        goTo(1)
      }
    },
  })

  const skip = useMutation({
    mutationFn: skipOnboarding,
    onSuccess: async () => {
      clearDraft(userId)
      void queryClient.invalidateQueries({ queryKey: qk.workspace })
      await refreshMe()
      navigate('/dashboard')
    },
    onError: (err) => toast.error('Failed to skip onboarding', { description: errorMessage(err) }),
  })

  const busy = complete.isPending || skip.isPending
  const isSelected = (slug: string) => selected.some((c) => c.slug === slug)

  const toggle = (c: NewCategory) => {
    if (!isSelected(c.slug) && capped) return
    setError(null)
    setSelected((s) => toggleCategory(s, c))
  }
  const addCustom = () => {
    const cat = customCategory(custom)
    if (!cat) return
    if (selected.some((c) => sameCategory(c, cat))) {
      setCustom('')
      return
    }
    if (capped) return
    setSelected((s) => addCustomCategory(s, custom))
    setCustom('')
    setError(null)
  }
  const onCustomKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      addCustom()
    }
  }
  const editTitle = (v: string) => {
    setBlogTitle(v)
    setError(null)
  }

  const next = (e?: FormEvent) => {
    e?.preventDefault()
    if (busy) return
    const problem = validateStep(step, { blogTitle, categories: selected })
    if (problem) {
      setError(problem)
      return
    }
    if (step === 1 && addressStatus.state === 'refused') return // the address field says why
    if (step === 1 && addressStatus.state === 'checking') {
      setWaiting(true) // goes on once the address is known to be free
      return
    }
    setError(null)
    if (step === 3) complete.mutate()
    else goTo(step + 1)
  }
  const back = () => {
    setError(null)
    goTo((s) => Math.max(1, s - 1))
  }

  return {
    me,
    step,
    moved,
    error,
    busy,
    blogTitle,
    editTitle,
    blogDescription,
    setBlogDescription,
    address,
    editAddress,
    addressStatus,
    selected,
    isSelected,
    toggle,
    custom,
    setCustom,
    addCustom,
    onCustomKey,
    planName: plan?.name,
    maxCategories,
    capped,
    primaryColor,
    setPrimaryColor,
    fontFamily,
    setFontFamily,
    next,
    back,
    complete,
    skip,
  }
}

export type WizardState = ReturnType<typeof useWizard>
