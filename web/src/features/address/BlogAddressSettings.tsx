import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link2, Save } from 'lucide-react'
import { toast } from '@/lib/toast'
import { changeAddress } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ADDRESS_LABEL, normalizeAddress } from './address'
import { AddressField } from './AddressField'
import { useAddressCheck } from './useAddressCheck'

/**
 * Settings' "Blog address": the slug of /blog/{address}, checked as the owner types and saved with
 * PUT /api/workspace/address. The former address keeps redirecting readers (pages, feeds, e-mailed links).
 */
export function BlogAddressSettings({ current, blogUrl }: { current: string; blogUrl: string }) {
  const queryClient = useQueryClient()
  const [address, setAddress] = useState(current)
  const status = useAddressCheck(address, current)
  const wanted = normalizeAddress(address)
  // The server's refusal of the address last sent (taken since it was checked), shown until it is edited.
  const [refusal, setRefusal] = useState<{ address: string; message: string } | null>(null)

  const save = useMutation({
    mutationFn: (a: string) => changeAddress(a),
    onSuccess: (res) => {
      setAddress(res.workspace.slug)
      setRefusal(null)
      toast.success('Settings saved', { description: 'Your blog settings have been updated.' })
      void queryClient.invalidateQueries({ queryKey: qk.workspace })
      void queryClient.invalidateQueries({ queryKey: qk.me })
    },
    onError: (err, a) => {
      setRefusal({ address: a, message: errorMessage(err) })
      toast.error('Error saving settings', { description: errorMessage(err) })
    },
  })

  const shown = refusal?.address === wanted ? { state: 'refused' as const, message: refusal.message } : status

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (save.isPending || wanted === current || shown.state === 'refused' || shown.state === 'checking') return
    save.mutate(wanted)
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle id="address-title" className="flex items-center gap-2">
          <Link2 className="size-5 text-slate-500" aria-hidden="true" />
          {ADDRESS_LABEL}
        </CardTitle>
        <CardDescription>
          Where your blog lives on this site: <span className="break-all font-medium text-slate-700">{blogUrl}</span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <AddressField
            id="settings-address"
            value={address}
            onChange={setAddress}
            status={shown}
            disabled={save.isPending}
          />
          <div>
            <Button type="submit" disabled={save.isPending || wanted === current || shown.state === 'refused' || shown.state === 'checking'}>
              {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
              {save.isPending ? 'Saving...' : 'Save address'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
