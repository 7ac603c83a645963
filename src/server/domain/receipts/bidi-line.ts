import bidiFactory from 'bidi-js'

const bidi = bidiFactory()

/**
 * A piece of one line in one direction and one script: drawn as a unit, shaped by the font. The
 * script decides the font file (the Arabic and Latin letters are in separate files).
 */
export interface LinePiece {
  text: string
  /** Its index in the line as written (logical order). */
  logical: number
  rtl: boolean
  arabic: boolean
}

const arabicLetter = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/

/**
 * One line of text cut into words and direction runs, in the order they stand on the page from left
 * to right (the Unicode bidirectional algorithm's rule L2, applied to whole pieces). A PDF draws
 * glyphs left to right and knows nothing of direction: each right-to-left piece is shaped and
 * turned by the font (fontkit), and the pieces are placed here, so "الإجمالي 14.000 د.ب" reads
 * right to left with its number left to right inside it.
 */
export function visualPieces(line: string, direction: 'ltr' | 'rtl'): LinePiece[] {
  const { levels } = bidi.getEmbeddingLevels(line, direction)
  const pieces: (LinePiece & { level: number })[] = []
  let start = 0
  for (let index = 1; index <= line.length; index++) {
    const boundary =
      index === line.length ||
      levels[index] !== levels[start] ||
      line[index] === ' ' ||
      line[index - 1] === ' ' ||
      arabicLetter.test(line[index] ?? '') !== arabicLetter.test(line[index - 1] ?? '')
    if (!boundary) continue
    const text = line.slice(start, index)
    const level = levels[start] ?? 0
    const rtl = level % 2 === 1
    const arabic = arabicLetter.test(text)
    // Right-to-left without Arabic letters ("%:", a bracket): the font would lay it out left to
    // right, so each character is a piece of its own, placed by the reordering below, a bracket
    // mirrored as the algorithm says. Arabic pieces are turned by the font itself.
    const parts = rtl && !arabic ? [...text].map(mirrored) : [text]
    for (const part of parts) pieces.push({ text: part, logical: pieces.length, level, rtl, arabic })
    start = index
  }
  const highest = Math.max(0, ...pieces.map((piece) => piece.level))
  const lowestOdd = Math.min(
    ...pieces.map((piece) => piece.level).filter((level) => level % 2 === 1),
    highest + 1,
  )
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    let index = 0
    while (index < pieces.length) {
      if ((pieces[index]?.level ?? 0) < level) {
        index++
        continue
      }
      let end = index
      while (end < pieces.length && (pieces[end]?.level ?? 0) >= level) end++
      pieces.splice(index, end - index, ...pieces.slice(index, end).reverse())
      index = end
    }
  }
  return pieces.map(({ level: _level, ...piece }) => piece)
}

function mirrored(character: string): string {
  return bidi.getMirroredCharacter(character) ?? character
}
