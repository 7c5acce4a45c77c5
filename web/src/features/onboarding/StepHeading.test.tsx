import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { StepHeading } from './StepHeading'

/** A field, then (once shown) a step's heading: the wizard's first step appears after the session has loaded. */
function Page({ show, focus }: { show: boolean; focus: boolean }) {
  return (
    <>
      <input aria-label="Blog name" />
      {show && <StepHeading title="Name your blog" text="You can change this later." focus={focus} />}
    </>
  )
}

describe('StepHeading', () => {
  it('takes the focus when the owner moved to its step', () => {
    const { rerender } = render(<Page show={false} focus />)
    screen.getByLabelText('Blog name').focus()
    rerender(<Page show focus />)
    expect(screen.getByRole('heading', { name: 'Name your blog' })).toHaveFocus()
  })

  it('leaves the focus in the field the owner is in when the wizard opens on its step', () => {
    const { rerender } = render(<Page show={false} focus={false} />)
    const field = screen.getByLabelText('Blog name')
    // The owner is in the field before the step's effects have run (they run after the page is painted).
    field.focus()
    rerender(<Page show focus={false} />)
    expect(screen.getByRole('heading', { name: 'Name your blog' })).toBeInTheDocument()
    expect(field).toHaveFocus()
  })
})
