/**
 * Clean-up of HTML pasted from Google Docs, Word and web pages: their formatting becomes plain
 * structure (bold/italic spans become <strong>/<em>, Word's list paragraphs become lists) and every
 * style, class, span and font is dropped, so a paste looks like the rest of the post.
 */

const DROP = 'style, script, meta, link, title, xml, template, noscript, object, embed, form, input, button, select, textarea'
/** Kept per element; everything else goes (style, class, id, lang, dir, data-*, ...). */
const KEEP_ATTRS: Record<string, string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title'],
  iframe: ['src'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
  div: ['data-embed'],
}
const UNWRAP = new Set(['span', 'font', 'o:p', 'section', 'article', 'header', 'footer', 'main', 'center', 'small', 'big', 'sup', 'sub', 'mark', 'abbr', 'cite', 'label'])

function styleOf(el: Element): string {
  return (el.getAttribute('style') ?? '').toLowerCase().replace(/\s+/g, '')
}

function isBold(style: string): boolean {
  const m = /font-weight:(\w+)/.exec(style)
  return Boolean(m && (m[1] === 'bold' || m[1] === 'bolder' || Number(m[1]) >= 600))
}

function unwrap(el: Element) {
  el.replaceWith(...Array.from(el.childNodes))
}

function rename(el: Element, tag: string): Element {
  const next = el.ownerDocument.createElement(tag)
  for (const a of Array.from(el.attributes)) next.setAttribute(a.name, a.value)
  next.append(...Array.from(el.childNodes))
  el.replaceWith(next)
  return next
}

/** Google Docs' bold/italic spans as <strong>/<em>; its <b style="font-weight:normal"> wrapper goes. */
function keepEmphasis(doc: Document) {
  for (const el of Array.from(doc.body.querySelectorAll('b, strong'))) {
    if (/font-weight:(normal|400)/.test(styleOf(el))) unwrap(el)
  }
  for (const span of Array.from(doc.body.querySelectorAll('span'))) {
    const style = styleOf(span)
    let inner: Element = span
    if (isBold(style)) inner = wrapChildren(inner, 'strong')
    if (style.includes('font-style:italic')) wrapChildren(inner, 'em')
  }
}

function wrapChildren(el: Element, tag: string): Element {
  const wrap = el.ownerDocument.createElement(tag)
  wrap.append(...Array.from(el.childNodes))
  el.append(wrap)
  return wrap
}

/** Word's list paragraphs (mso-list) become <ul>/<ol> items; their typed bullets and numbers go. */
function wordLists(doc: Document) {
  const items = Array.from(doc.body.querySelectorAll('p')).filter(
    (p) => /mso-list:/.test(styleOf(p)) || /MsoListParagraph/i.test(p.getAttribute('class') ?? ''),
  )
  let list: Element | null = null
  for (const p of items) {
    let marker = ''
    for (const el of Array.from(p.querySelectorAll('[style]'))) {
      if (!styleOf(el).includes('mso-list:ignore')) continue
      marker += el.textContent ?? ''
      el.remove()
    }
    marker = marker.replace(/[\s\u00a0]+/g, ' ').trim()
    const ordered = /^\(?[0-9a-z]{1,3}[.)]$/i.test(marker)
    if (!list || p.previousElementSibling !== list || (list.tagName === 'OL') !== ordered) {
      list = doc.createElement(ordered ? 'ol' : 'ul')
      p.before(list)
    }
    const li = doc.createElement('li')
    li.append(...Array.from(p.childNodes))
    list.append(li)
    p.remove()
  }
}

function stripAttributes(el: Element) {
  const keep = KEEP_ATTRS[el.tagName.toLowerCase()] ?? []
  for (const a of Array.from(el.attributes)) {
    if (!keep.includes(a.name.toLowerCase())) el.removeAttribute(a.name)
  }
}

function removeComments(node: Node) {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 8) child.remove()
    else removeComments(child)
  }
}

function isBlank(el: Element): boolean {
  return !el.querySelector('img, iframe, br, hr') && !(el.textContent ?? '').replace(/[\s\u00a0]/g, '')
}

/**
 * Pasted images as the editor can keep them: the alt text from the title when only that was given
 * (Google Docs' alt-text dialog has both), and no image whose address cannot be fetched from here
 * (Word's file:///, mail's cid:, another page's blob:) — it would only show as a broken image.
 */
function pastedImages(doc: Document) {
  for (const img of Array.from(doc.body.querySelectorAll('img'))) {
    const src = (img.getAttribute('src') ?? '').trim()
    if (!src || (/^[a-z][a-z0-9+.-]*:/i.test(src) && !/^(https?:|data:image\/)/i.test(src))) {
      img.remove()
      continue
    }
    const title = (img.getAttribute('title') ?? '').trim()
    if (!(img.getAttribute('alt') ?? '').trim() && title) img.setAttribute('alt', title)
  }
}

/** A paragraph holding only images (Google Docs' way) gives way to them: the editor's images are blocks. */
function imageParagraphs(doc: Document) {
  for (const p of Array.from(doc.body.querySelectorAll('p'))) {
    if (p.querySelector('img') && !p.querySelector(':not(img)') && !(p.textContent ?? '').replace(/[\s\u00a0]/g, '')) unwrap(p)
  }
}

/** Pasted HTML without styles, classes, spans, fonts, comments and empty paragraphs. */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  removeComments(doc)
  for (const el of Array.from(doc.querySelectorAll(DROP))) el.remove()
  keepEmphasis(doc)
  wordLists(doc)
  pastedImages(doc)
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase()
    if (UNWRAP.has(tag) || tag.includes(':')) {
      unwrap(el)
      continue
    }
    if (tag === 'div' && !el.hasAttribute('data-embed')) {
      // Word's WordSection divs and pasted layout boxes: keep the text as paragraphs
      const blocky = el.querySelector('p, h1, h2, h3, h4, h5, h6, ul, ol, table, blockquote, pre, figure, div')
      const target = blocky ? el : rename(el, 'p')
      if (blocky) unwrap(el)
      else stripAttributes(target)
      continue
    }
    if (tag === 'b') stripAttributes(rename(el, 'strong'))
    // the post's title is its only h1
    else if (tag === 'h1') stripAttributes(rename(el, 'h2'))
    else if (tag === 'i') stripAttributes(rename(el, 'em'))
    else stripAttributes(el)
  }
  imageParagraphs(doc)
  for (const p of Array.from(doc.body.querySelectorAll('p'))) {
    if (isBlank(p)) p.remove()
  }
  // Google Docs' empty lines between blocks
  for (const br of Array.from(doc.body.children)) {
    if (br.tagName === 'BR') br.remove()
  }
  // Google Docs puts each list item's text in a <p>: a plain item reads better
  for (const li of Array.from(doc.body.querySelectorAll('li'))) {
    const kids = Array.from(li.children)
    if (kids.length === 1 && kids[0].tagName === 'P' && li.childNodes.length === 1) unwrap(kids[0])
  }
  return doc.body.innerHTML.replace(/&nbsp;/g, ' ').trim()
}
