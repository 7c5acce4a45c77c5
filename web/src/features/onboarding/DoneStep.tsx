import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Check, FileText, LayoutDashboard } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Progress } from './Progress'
import { StepHeading } from './StepHeading'

/** Step 4: the blog is ready; links to the dashboard and to My Posts. */
export function DoneStep({ preview }: { preview: ReactNode }) {
  return (
    <div className="container-page max-w-2xl py-12 sm:py-16">
      <Progress step={4} />
      <Card className="mt-8 px-6 py-10 text-center sm:px-10">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <Check className="size-7" aria-hidden="true" />
        </span>
        <StepHeading focus title="Your blog is ready!" text="Generate your first post from the dashboard, or manage your posts." />
        <div className="mx-auto mt-8 max-w-xs text-left">{preview}</div>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/dashboard">
              <LayoutDashboard aria-hidden="true" /> Go to Dashboard
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/dashboard/posts">
              <FileText aria-hidden="true" /> View My Posts
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  )
}
