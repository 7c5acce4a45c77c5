/** The editor's HTML as the "HTML" source view shows it: one block a line, empty editor as "". */

const BLOCK_END = /(<\/(?:p|h[1-6]|ul|ol|li|blockquote|pre|figure|div|table|thead|tbody|tr)>|<hr\s*\/?>|<br\s*\/?>(?=<\/?(?:p|h|ul|ol|li)))/g
const LIST_START = /(<(?:ul|ol|blockquote|table|thead|tbody|tr)(?:\s[^>]*)?>)(?=<)/g

/** A line break after each block so the source reads like the post (inside <pre> nothing changes). */
export function formatHtml(html: string): string {
  return html
    .split(/(<pre[\s>][\s\S]*?<\/pre>)/)
    .map((part) => (part.startsWith('<pre') ? part : part.replace(BLOCK_END, '$1\n').replace(LIST_START, '$1\n')))
    .join('')
    .replace(/(<\/pre>)(?=<)/g, '$1\n')
    .trim()
}

/**
 * The editor's HTML to store: an empty document ("<p></p>") is no content at all, and the empty
 * paragraph kept after a last image or video (so the cursor can go there) is dropped.
 */
export function editorHtml(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html.replace(/(<p><\/p>)+$/, '')
}
