/**
 * The built index.html cut once, at start-up, into fixed text and named slots; a page is the pieces
 * joined with each slot's value. Nothing is searched or replaced per page: `String.replace` with a
 * replacement string expands `$&`, `` $` ``, `$'` and `$1` inside the inserted text, so a venue's
 * description holding them could copy parts of the template (a second meta tag, a meta refresh)
 * into the page. Joining strings has no such patterns at all.
 */

/** Where each slot is in the template: the text of the named group `slot` is what a value replaces. */
const slotPatterns = {
  /** The whole opening <html> tag, for the page's language and direction. */
  htmlTag: /(?<slot><html[^>]*>)/,
  /** Just after the charset, first in <head>: the early-taps script listens from the first byte. */
  afterCharset: /<meta charset="UTF-8" \/>(?<slot>)/,
  title: /<title>(?<slot>[^<]*)<\/title>/,
  description: /<meta name="description" content="(?<slot>[^"]*)"/,
  ogTitle: /<meta property="og:title" content="(?<slot>[^"]*)"/,
  ogDescription: /<meta property="og:description" content="(?<slot>[^"]*)"/,
  /** Just before </head>: hints, preloads and structured data. */
  headEnd: /(?<slot>)<\/head>/,
  /** The empty root element, replaced whole by a server-rendered one. */
  root: /(?<slot><div id="root"><\/div>)/,
} as const

export type PageSlot = keyof typeof slotPatterns

/** Each slot's text, already escaped for where it goes; a slot left out keeps the template's text. */
export type SlotValues = Partial<Record<PageSlot, string>>

interface Piece {
  text: string
  slot?: PageSlot
}

/**
 * Cuts the template at its slots. A slot the template lacks is skipped (its value is dropped), as a
 * build without that tag has nowhere to put it.
 */
export function compilePageTemplate(template: string): (values: SlotValues) => string {
  const found = Object.entries(slotPatterns)
    .map(([slot, pattern]) => {
      const match = new RegExp(pattern.source, 'd').exec(template)
      const span = match?.indices?.groups?.slot
      return span ? { slot: slot as PageSlot, start: span[0], end: span[1] } : undefined
    })
    .filter((span) => span !== undefined)
    .sort((a, b) => a.start - b.start || a.end - b.end)

  const pieces: Piece[] = []
  let at = 0
  for (const { slot, start, end } of found) {
    // Slots never overlap in the built page; one that would is left out rather than guessed at.
    if (start < at) continue
    pieces.push({ text: template.slice(at, start) }, { text: template.slice(start, end), slot })
    at = end
  }
  pieces.push({ text: template.slice(at) })

  return (values) => pieces.map(({ text, slot }) => (slot ? (values[slot] ?? text) : text)).join('')
}
