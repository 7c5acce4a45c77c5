import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { subscribe } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { useReaderText } from '@/lib/readerText'

/**
 * A newsletter form's state: the address typed and its sign-up (POST /api/subscribers) with the
 * product's toasts. workspace names the blog whose list it joins (the platform's card names none).
 * The answer never says whether the address was already on the list (the confirmation e-mail does),
 * so success is one toast; a refusal (400 malformed, 429 too many tries) shows the server's message. The
 * toasts' titles are in the reader's language (a blog's own card: its blog's).
 */
export function useSubscribe(workspace?: string) {
  const { t } = useReaderText()
  const [email, setEmail] = useState('')
  const mutation = useMutation({
    mutationFn: (value: string) => subscribe(value, workspace),
    onSuccess: () => {
      toast.success(t('subscribedTitle'), { description: t('subscribedNote') })
      setEmail('')
    },
    onError: (err) => {
      toast.error(t('error'), { description: errorMessage(err) })
    },
  })
  const submit = () => {
    if (!mutation.isPending) mutation.mutate(email.trim())
  }
  return { email, setEmail, submit, pending: mutation.isPending }
}
