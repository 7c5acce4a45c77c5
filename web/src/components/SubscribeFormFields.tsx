import { useLocation } from 'react-router'

/**
 * The hidden fields of a newsletter form for readers without JavaScript: the form then posts itself to
 * SUBSCRIBE_FORM_PATH, which answers a page with the outcome and a link back to this page.
 */
export function SubscribeFormFields({ workspace }: { workspace?: string }) {
  const { pathname, search } = useLocation()
  return (
    <>
      {workspace && <input type="hidden" name="workspace" value={workspace} />}
      <input type="hidden" name="back" value={pathname + search} />
    </>
  )
}
