/**
 * Counted nouns and the verbs that agree with them: '1 post', '2 posts', '1 post matches', '2 posts match'.
 * English only; a noun with an irregular plural passes it.
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm
}

/** '{n} post' or '{n} posts'. */
export function countOf(count: number, singular: string, pluralForm?: string): string {
  return `${count} ${plural(count, singular, pluralForm)}`
}

/** 'matches' after one thing, 'match' after none or several ('1 post matches', '0 posts match'). */
export function agree(count: number, singularVerb: string, pluralVerb: string): string {
  return count === 1 ? singularVerb : pluralVerb
}

/**
 * The count line above a list of posts: '12 posts', or with filters on '1 post matches your filters' /
 * '3 posts match your filters'.
 */
export function postsSummary(count: number, filtered: boolean, what = 'your filters'): string {
  const n = countOf(count, 'post')
  return filtered ? `${n} ${agree(count, 'matches', 'match')} ${what}` : n
}
