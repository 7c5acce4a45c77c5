/** /dashboard/posts/new and /dashboard/posts/:id: the post desk (being built). */
export default function PostEditor() {
  return null
}
