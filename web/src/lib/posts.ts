/** Texts for deleting posts: 'Delete {n} posts?' and '{n} posts deleted' (singular for one). */
export const DELETE_ONE_QUESTION = 'Are you sure you want to delete this post?'

export function bulkDeleteQuestion(n: number): string {
  return n === 1 ? 'Delete 1 post?' : `Delete ${n} posts?`
}

export function bulkDeletedMessage(n: number): string {
  return n === 1 ? '1 post deleted' : `${n} posts deleted`
}
