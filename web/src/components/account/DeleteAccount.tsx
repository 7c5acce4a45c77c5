import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { TriangleAlert } from 'lucide-react'
import { toast } from '@/lib/toast'
import { formatLongDate } from '@/lib/format'
import { accountKey, deleteAccount, getAccount } from '@/api/account'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import { PasswordInput } from '@/components/auth/PasswordInput'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { SIGNED_OUT } from '@/hooks/useMe'

/** Days a deleted account can be restored by signing in (account.DeletionGrace on the server). */
export const GRACE_DAYS = 7

/**
 * Settings' "Delete account" section: typing the blog's name (or, without a blog, the e-mail address) and the
 * password deletes the account. The session ends; signing in within the grace restores everything.
 */
export function DeleteAccount() {
  const query = useQuery({ queryKey: accountKey, queryFn: getAccount })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [confirm, setConfirm] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const expected = query.data?.deleteConfirm ?? ''
  const hasBlog = Boolean(query.data?.hasBlog)
  const mutation = useMutation({
    mutationFn: () => deleteAccount(confirm.trim(), password),
    onSuccess: (res) => {
      setOpen(false)
      queryClient.removeQueries({ queryKey: qk.workspace })
      queryClient.removeQueries({ queryKey: accountKey })
      navigate('/')
      queryClient.setQueryData(qk.me, SIGNED_OUT)
      toast.success('Account deleted', {
        description: `Changed your mind? Sign in before ${formatLongDate(res.restorableUntil)} to restore it.`,
      })
    },
    onError: (err) => toast.error('Could not delete your account', { description: errorMessage(err) }),
  })
  const matches = expected !== '' && confirm.trim() === expected

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!password) {
      setError('Your current password is required')
      return
    }
    setError(undefined)
    if (matches) mutation.mutate()
  }
  const onOpenChange = (next: boolean) => {
    if (mutation.isPending) return
    setOpen(next)
    if (!next) {
      setConfirm('')
      setPassword('')
      setError(undefined)
    }
  }

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle id="delete-account-title" className="flex items-center gap-2 text-red-700">
          <TriangleAlert className="size-5" aria-hidden="true" />
          Delete account
        </CardTitle>
        <CardDescription>
          {hasBlog
            ? 'Deletes your account and your blog: its posts, subscribers and images.'
            : 'Deletes your account.'}{' '}
          {`You have ${GRACE_DAYS} days to change your mind: signing in again restores everything. After that it is erased for good.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)} disabled={!query.data}>
          Delete account...
        </Button>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                {hasBlog ? 'Your blog goes offline at once and nothing is published or sent from it. ' : ''}
                {`Sign in within ${GRACE_DAYS} days to restore your account; after that it is erased for good.`}
              </DialogDescription>
            </DialogHeader>
            <form id="delete-account-form" onSubmit={onSubmit} noValidate className="grid gap-4">
              <Field
                id="delete-confirm"
                label={
                  <>
                    Type <span className="font-semibold text-slate-900">{expected}</span> to confirm
                  </>
                }
              >
                {(aria) => (
                  <Input {...aria} name="confirm" autoComplete="off" value={confirm} onChange={(e) => setConfirm(e.target.value)}
                    disabled={mutation.isPending} />
                )}
              </Field>
              <Field id="delete-password" label="Current password" error={error}>
                {(aria) => (
                  <PasswordInput {...aria} name="current-password" autoComplete="current-password" value={password}
                    onChange={(e) => setPassword(e.target.value)} disabled={mutation.isPending} />
                )}
              </Field>
            </form>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
                Cancel
              </Button>
              <Button type="submit" form="delete-account-form" variant="destructive" disabled={!matches || mutation.isPending}>
                {mutation.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  )
}
