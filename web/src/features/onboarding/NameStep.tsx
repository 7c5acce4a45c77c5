import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { StepHeading } from './StepHeading'
import type { WizardState } from './useWizard'
import { LIMITS } from '@/api/types'
import { AddressField } from '@/features/address/AddressField'

/** Step 1: the blog's name (required) and description. */
export function NameStep({ w }: { w: WizardState }) {
  return (
    <>
      <StepHeading focus={w.moved} title="Name your blog" text="You can change this later in your dashboard." />
      <Field id="ob-title" label="Blog name" error={w.error}>
        {(aria) => <Input {...aria} value={w.blogTitle} maxLength={LIMITS.blogTitleMax} autoComplete="off" onChange={(e) => w.editTitle(e.target.value)} placeholder="My Awesome Blog" />}
      </Field>
      <AddressField
        id="ob-address"
        value={w.address}
        onChange={w.editAddress}
        status={w.addressStatus}
        hint="Your blog's web address. We suggest one from its name; you can change it later in Settings."
      />
      <Field id="ob-desc" label="Description" hint="One or two sentences for your readers and search engines.">
        {(aria) => (
          <Textarea
            {...aria}
            rows={3}
            maxLength={LIMITS.blogDescriptionMax}
            value={w.blogDescription}
            onChange={(e) => w.setBlogDescription(e.target.value)}
            placeholder="What will you write about?"
          />
        )}
      </Field>
    </>
  )
}
