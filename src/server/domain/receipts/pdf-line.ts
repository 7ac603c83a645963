import type PDFDocument from 'pdfkit'
import { visualPieces } from './bidi-line.ts'
import { pdfFonts } from './pdf-fonts.ts'

type Doc = InstanceType<typeof PDFDocument>

export interface LineStyle {
  x: number
  y: number
  width: number
  size: number
  bold?: boolean
  align: 'left' | 'right'
  direction: 'ltr' | 'rtl'
  color?: string
}

/** Sets the font of a piece's script, at the line's size. */
function selectFont(doc: Doc, arabic: boolean, style: Pick<LineStyle, 'size' | 'bold'>) {
  const bold = style.bold === true
  doc.font(
    arabic ? (bold ? pdfFonts.arabicBold : pdfFonts.arabic) : bold ? pdfFonts.latinBold : pdfFonts.latin,
  )
  doc.fontSize(style.size)
  if (arabic) readableLigatures(doc)
}

/** The width a line takes at the style's size. */
export function lineWidth(
  doc: Doc,
  text: string,
  style: Pick<LineStyle, 'size' | 'bold' | 'direction'>,
): number {
  return visualPieces(text, style.direction).reduce((sum, piece) => {
    selectFont(doc, piece.arabic, style)
    return sum + doc.widthOfString(piece.text)
  }, 0)
}

/** The text cut into lines no wider than `width`, at word ends (a word longer than the width keeps its line). */
export function wrapText(
  doc: Doc,
  text: string,
  width: number,
  style: Pick<LineStyle, 'size' | 'bold' | 'direction'>,
): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word
    if (current && lineWidth(doc, candidate, style) > width) {
      lines.push(current)
      current = word
    } else current = candidate
  }
  if (current) lines.push(current)
  return lines
}

/**
 * Draws one line: its pieces placed left to right as they are read (see `visualPieces`), but
 * written into the file in the order they were typed, so a reader that copies or extracts the text
 * gets the words in reading order. Returns the line's width.
 */
export function drawLine(doc: Doc, text: string, style: LineStyle): number {
  const pieces = visualPieces(text, style.direction).map((piece) => {
    selectFont(doc, piece.arabic, style)
    return { ...piece, width: doc.widthOfString(piece.text) }
  })
  const total = pieces.reduce((sum, piece) => sum + piece.width, 0)
  let x = style.align === 'right' ? style.x + style.width - total : style.x
  const placed = pieces.map((piece) => {
    const at = x
    x += piece.width
    return { ...piece, at }
  })
  doc.fillColor(style.color ?? '#111111')
  for (const piece of placed.sort((a, b) => a.logical - b.logical)) {
    selectFont(doc, piece.arabic, style)
    doc.text(piece.text, piece.at, style.y, { lineBreak: false })
  }
  return total
}

interface GlyphLike {
  codePoints: number[]
}
interface EmbeddedFontLike {
  layoutRun(text: string, features?: unknown): { direction?: string; glyphs: GlyphLike[] }
  readableLigatures?: true
}

/**
 * A ligature glyph (لا, or IBM Plex's ضر) stands for several letters; the PDF's text map gives them
 * in the order the glyph is drawn, which in a right-to-left run is the reverse of the word's, so a
 * reader extracting the text turns it back into reading order. pdfkit maps them in reading order,
 * which extraction then turns around ("إل" for "لإ"): the current font's layout is wrapped once to
 * list a right-to-left ligature's letters the other way round. Only the text map changes; the
 * glyphs drawn are the font's own.
 */
function readableLigatures(doc: Doc) {
  const font = (doc as unknown as { _font?: EmbeddedFontLike })._font
  if (!font || font.readableLigatures || typeof font.layoutRun !== 'function') return
  const layoutRun = font.layoutRun.bind(font)
  font.layoutRun = (text, features) => {
    const run = layoutRun(text, features)
    if (run.direction === 'rtl')
      run.glyphs = run.glyphs.map((glyph) =>
        glyph.codePoints.length > 1
          ? (Object.create(glyph, { codePoints: { value: [...glyph.codePoints].reverse() } }) as GlyphLike)
          : glyph,
      )
    return run
  }
  font.readableLigatures = true
}
