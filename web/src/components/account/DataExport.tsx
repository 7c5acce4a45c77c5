import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Download, FileArchive } from 'lucide-react'
import { toast } from '@/lib/toast'
import { formatLongDate, formatSize } from '@/lib/format'
import { exportKey, getExport, requestExport } from '@/api/account'
import { errorMessage } from '@/api/client'
import type { ExportResponse } from '@/api/types'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'

/** How often the screen asks whether an archive being prepared is ready. */
export const EXPORT_POLL_MS = 3000

export const EXPORT_PREPARING = 'Your archive is being prepared.'

const preparing = (e?: ExportResponse) => e?.status === 'queued' || e?.status === 'running'

/**
 * Settings' "Download my data" section: asks for a zip of the blog's posts (Markdown and JSON), subscribers (CSV)
 * and images, made in the background; shows it being prepared, then its download link until it expires.
 */
export function DataExport() {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: exportKey,
    queryFn: getExport,
    refetchInterval: (q) => (preparing(q.state.data) ? EXPORT_POLL_MS : false),
  })
  const mutation = useMutation({
    mutationFn: requestExport,
    onSuccess: (ex) => {
      queryClient.setQueryData(exportKey, ex)
      toast.success('Export requested', { description: 'We will e-mail you a link when your archive is ready.' })
    },
    onError: (err) => toast.error('Could not start the export', { description: errorMessage(err) }),
  })
  const ex = query.data

  return (
    <Card id="data-export">
      <CardHeader>
        <CardTitle id="data-export-title" className="flex items-center gap-2">
          <FileArchive className="size-5 text-slate-500" aria-hidden="true" />
          Download my data
        </CardTitle>
        <CardDescription>
          One zip file with your posts (Markdown and JSON), your subscribers (CSV) and your images. It is prepared in the
          background and kept for 7 days.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <Skeleton className="h-10 w-full rounded-xl" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-600">
            Could not load your export: {errorMessage(query.error)}
          </p>
        ) : preparing(ex) ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> {EXPORT_PREPARING} We will e-mail you when it is ready.
          </p>
        ) : (
          <>
            {ex?.status === 'ready' && ex.downloadUrl && (
              <div className="grid gap-2 text-sm">
                <p className="text-slate-700">
                  Your archive is ready: <span className="break-all font-medium text-slate-900">{ex.fileName}</span> (
                  {formatSize(ex.size ?? 0)}). It will be deleted on {formatLongDate(ex.expiresAt)}.
                </p>
                <div>
                  <Button asChild>
                    <a href={ex.downloadUrl} download={ex.fileName}>
                      <Download aria-hidden="true" /> Download archive
                    </a>
                  </Button>
                </div>
              </div>
            )}
            {ex?.status === 'failed' && (
              <p role="alert" className="text-sm text-red-600">
                {ex.error || 'The export could not be made.'}
              </p>
            )}
            <div>
              <Button variant={ex?.status === 'ready' ? 'outline' : 'default'} onClick={() => mutation.mutate()} disabled={mutation.isPending}>
                {mutation.isPending ? 'Requesting...' : ex?.status === 'ready' || ex?.status === 'failed' ? 'Prepare a new archive' : 'Request my data'}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  )
}
