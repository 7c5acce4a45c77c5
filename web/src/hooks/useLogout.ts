import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { logout } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import { SIGNED_OUT } from './useMe'

/** POST /api/auth/logout, forget the session and private data, go home. */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: qk.workspace })
      queryClient.setQueryData(qk.me, SIGNED_OUT)
      await queryClient.invalidateQueries({ queryKey: qk.me })
      navigate('/')
    },
    onError: (err) => toast.error('Error', { description: errorMessage(err) }),
  })
}
