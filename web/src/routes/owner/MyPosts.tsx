/**
 * /dashboard/posts — 'My Posts': search by title, category filter, select-all and bulk delete,
 * row actions (share kit, edit, open in a new tab, delete) and the generate dialog.
 * Without a session it sends the visitor to /admin/login. On phones the table becomes cards.
 */
import { useState } from 'react'
import { Sparkles } from 'lucide-react'
import type { Me } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { GenerateDialog } from '@/features/generate/GenerateDialog'
import { OwnerPage } from '@/components/owner/OwnerLayout'
import { PostsTable } from '@/components/workspace/PostsTable'
import { Button } from '@/components/ui/button'
import { usePageMeta } from '@/hooks/usePageMeta'
import { usePostsTable } from '@/hooks/usePostsTable'

function PostsScreen({ me }: { me: Me }) {
  const table = usePostsTable()
  const [generateOpen, setGenerateOpen] = useState(false)

  const generateButton = (
    <Button onClick={() => setGenerateOpen(true)}>
      <Sparkles aria-hidden="true" /> Generate post
    </Button>
  )

  return (
    <OwnerPage
      title="My Posts"
      subtitle={table.summary}
      blogPath={me.workspace ? `/blog/${me.workspace.slug}` : undefined}
      actions={generateButton}
    >
      <PostsTable table={table} caption="Your posts" emptyTitle="No posts yet. Create your first one!" emptyAction={generateButton} />
      <GenerateDialog open={generateOpen} onOpenChange={setGenerateOpen} />
    </OwnerPage>
  )
}

export default function MyPosts() {
  usePageMeta('My Posts')
  return <RequireSession redirectTo="/admin/login">{(me) => <PostsScreen me={me} />}</RequireSession>
}
