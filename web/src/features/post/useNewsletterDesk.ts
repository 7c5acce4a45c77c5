import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { errorMessage } from '@/api/client'
import { getNewsletterOutlook, newsletterDeskKeys, sendNewsletterNow, sendNewsletterTest } from '@/api/newsletterDesk'
import { qk } from '@/api/queryKeys'
import { useRefreshOwnerData } from '@/hooks/useOwner'
import { countOf } from '@/lib/plural'
import { toast } from '@/lib/toast'
import type { PostDesk } from './usePostDesk'

/**
 * The desk's newsletter actions: what publishing will do (asked again whenever the desk shows it,
 * the list and the month change elsewhere), sending a post that was not sent, and a test to the owner.
 */
export function useNewsletterDesk(desk: PostDesk, showOutlook: boolean) {
  const queryClient = useQueryClient()
  const refresh = useRefreshOwnerData()
  const outlook = useQuery({ queryKey: newsletterDeskKeys.outlook, queryFn: getNewsletterOutlook, enabled: showOutlook, staleTime: 0 })
  const id = desk.post?.id

  const sendNow = useMutation({
    mutationFn: () => sendNewsletterNow(id!),
    onSuccess: (res) => {
      desk.adoptNewsletter(res.post)
      queryClient.setQueryData(qk.ownerPost(res.post.id), res.post)
      toast.success('Newsletter on its way', { description: `Sent to ${countOf(res.recipients, 'subscriber')}.` })
      void queryClient.invalidateQueries({ queryKey: newsletterDeskKeys.outlook })
      void refresh()
    },
    onError: (err) => {
      toast.error('Newsletter not sent', { description: errorMessage(err) })
      void queryClient.invalidateQueries({ queryKey: newsletterDeskKeys.outlook })
    },
  })

  const test = useMutation({
    mutationFn: () => sendNewsletterTest(id!),
    onSuccess: (res) => toast.success('Test e-mail sent', { description: `Sent to ${res.to} only.` }),
    onError: (err) => toast.error('Test e-mail not sent', { description: errorMessage(err) }),
  })

  return { outlook, sendNow, test }
}
