import { ArrowLeft, ArrowRight } from 'lucide-react'
import type { Me } from '@/api/types'
import { BlogPreview } from '@/components/owner/BlogPreview'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { CategoriesStep } from './CategoriesStep'
import { DoneStep } from './DoneStep'
import { LookStep } from './LookStep'
import { NameStep } from './NameStep'
import { STEP_LABELS } from './onboarding'
import { Progress } from './Progress'
import { useWizard } from './useWizard'

/** The wizard: steps 1-3 in one form with Back, Next and 'Skip for now'; step 4 on its own. */
export function Wizard({ me }: { me: Me }) {
  const w = useWizard(me)
  const { step, complete, skip } = w
  const preview = (
    <BlogPreview title={w.blogTitle} description={w.blogDescription} primaryColor={w.primaryColor} fontFamily={w.fontFamily} categories={w.selected} slug={w.address} />
  )

  if (step === 4) return <DoneStep preview={preview} />

  return (
    <div className="container-page max-w-5xl py-10 sm:py-12">
      <p className="mb-4 text-sm font-semibold uppercase tracking-wider text-brand-700">Set up your blog · Step {step} of 4</p>
      <Progress step={step} />

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="p-6 sm:p-8">
          <form onSubmit={w.next} noValidate>
            <fieldset disabled={w.busy} className="grid gap-6">
              <legend className="sr-only">{STEP_LABELS[step - 1]}</legend>
              {step === 1 && <NameStep w={w} />}
              {step === 2 && <CategoriesStep w={w} />}
              {step === 3 && <LookStep w={w} preview={preview} />}

              <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
                <Button variant="ghost" onClick={() => skip.mutate()} className="text-slate-600">
                  {skip.isPending && <Spinner />}
                  {skip.isPending ? 'Skipping...' : 'Skip for now'}
                </Button>
                <div className="flex gap-2">
                  {step > 1 && (
                    <Button variant="outline" onClick={w.back} className="flex-1 sm:flex-none">
                      <ArrowLeft aria-hidden="true" /> Back
                    </Button>
                  )}
                  <Button type="submit" className="flex-1 sm:flex-none">
                    {complete.isPending && <Spinner />}
                    {step === 3 ? (complete.isPending ? 'Saving...' : 'Complete setup') : 'Next'}
                    {step < 3 && <ArrowRight aria-hidden="true" />}
                  </Button>
                </div>
              </div>
            </fieldset>
          </form>
        </Card>

        <aside className="sticky top-24 hidden lg:block" aria-label="Preview">
          <p className="mb-2 text-sm font-medium text-slate-600">Live preview</p>
          {preview}
        </aside>
      </div>
    </div>
  )
}
