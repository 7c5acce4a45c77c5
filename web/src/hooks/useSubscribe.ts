import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import { subscribe } from '@/api/endpoints'
import { errorMessage, isApiError } from '@/api/client'

/**
 * A newsletter form's state: the address typed and its sign-up (POST /api/subscribers) with the
 * product's toasts. workspace names the blog whose list it joins (the platform's card names none).
 */
export function useSubscribe(workspace?: string) {
  const [email, setEmail] = useState('')
  const mutation = useMutation({
    mutationFn: (value: string) => subscribe(value, workspace),
    onSuccess: () => {
      toast.success('Success!', { description: "You've been subscribed to our newsletter." })
      setEmail('')
    },
    onError: (err) => {
      if (isApiError(err, 409)) {
        toast.error('Already subscribed', { description: 'This email is already on our list!' })
      } else {
        toast.error('Error', { description: errorMessage(err) })
      }
    },
  })
  const submit = () => {
    if (!mutation.isPending) mutation.mutate(email.trim())
  }
  return { email, setEmail, submit, pending: mutation.isPending }
}
