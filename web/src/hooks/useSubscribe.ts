import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { subscribe } from '@/api/endpoints'
import { errorMessage } from '@/api/client'

/** The toast after a sign-up: the server answers the same for a new and a known address. */
export const SUBSCRIBED_TOAST = { title: 'Success!', description: 'Check your inbox to confirm your subscription.' }

/**
 * A newsletter form's state: the address typed and its sign-up (POST /api/subscribers) with the
 * product's toasts. workspace names the blog whose list it joins (the platform's card names none).
 * The answer never says whether the address was already on the list (the confirmation e-mail does),
 * so success is one toast; a refusal (400 malformed, 429 too many tries) shows the server's message.
 */
export function useSubscribe(workspace?: string) {
  const [email, setEmail] = useState('')
  const mutation = useMutation({
    mutationFn: (value: string) => subscribe(value, workspace),
    onSuccess: () => {
      toast.success(SUBSCRIBED_TOAST.title, { description: SUBSCRIBED_TOAST.description })
      setEmail('')
    },
    onError: (err) => {
      toast.error('Error', { description: errorMessage(err) })
    },
  })
  const submit = () => {
    if (!mutation.isPending) mutation.mutate(email.trim())
  }
  return { email, setEmail, submit, pending: mutation.isPending }
}
