// The server counts a view when it serves a post page's HTML. When the app
// then renders that same page it must not count it again; every later
// in-app navigation to a post is a view the server has not seen.
const landingPath = typeof window === 'undefined' ? '' : window.location.pathname
let landingSeen = false

/** Whether loading the post at path should count a view. */
export function shouldCountView(path: string): boolean {
  if (!landingSeen && path === landingPath) {
    landingSeen = true
    return false
  }
  return true
}
