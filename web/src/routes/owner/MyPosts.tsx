/**
 * /dashboard/posts — 'My Posts': status filter (All, Published, Scheduled, Drafts; ?status= in the
 * address), search by title, category filter, select-all and bulk delete, status badges, row
 * actions (share kit, edit on the post's own screen, open in a new tab, delete), 'New post' and the
 * generate dialog. Without a session it sends the visitor to /admin/login. On phones the table
 * becomes cards.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { LayoutGrid, Sparkles } from 'lucide-react'
import { RequireSession } from '@/components/RequireSession'
import { GenerateDialog } from '@/features/generate/GenerateDialog'
import { OwnerPage } from '@/components/owner/OwnerLayout'
import { NewPostButton } from '@/components/owner/NewPostButton'
import { PostsTable } from '@/components/workspace/PostsTable'
import { Button } from '@/components/ui/button'
import { usePageMeta } from '@/hooks/usePageMeta'
import { usePostsTable } from '@/hooks/usePostsTable'

function PostsScreen() {
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
      actions={
        <>
          <Button asChild variant="ghost" className="px-3 sm:px-4">
            <Link to="/dashboard/all-posts" title="Reader view">
              {/* Phones show the icon alone, so the three buttons fit on one line. */}
              <LayoutGrid aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Reader view</span>
            </Link>
          </Button>
          <NewPostButton />
          {generateButton}
        </>
      }
    >
      <PostsTable table={table} caption="Your posts" emptyTitle="No posts yet. Create your first one!" emptyAction={generateButton} />
      <GenerateDialog open={generateOpen} onOpenChange={setGenerateOpen} />
    </OwnerPage>
  )
}

export default function MyPosts() {
  usePageMeta('My Posts')
  return <RequireSession redirectTo="/admin/login">{() => <PostsScreen />}</RequireSession>
}
