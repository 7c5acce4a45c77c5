/** Toast texts shared by the app's forms. */
export const MSG_MISSING = { title: 'Missing fields', description: 'Please fill in all required fields' }

/** 'Write from': the AI picks the title from a topic, or uses the title as given. */
export const INPUT_MODES = [
  { value: 'topic', label: 'Topic', hint: 'The AI picks the title' },
  { value: 'title', label: 'Title', hint: 'Use my title as is' },
] as const
