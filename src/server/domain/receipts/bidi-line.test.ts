import { describe, expect, it } from 'vitest'
import { visualPieces } from './bidi-line.ts'

const drawn = (line: string, direction: 'ltr' | 'rtl') =>
  visualPieces(line, direction)
    .map((piece) => piece.text)
    .filter((text) => text.trim())

describe('a line’s pieces, left to right as drawn', () => {
  it('keeps an English line as written', () => {
    expect(drawn('Total: BD 14.000', 'ltr')).toEqual(['Total:', 'BD', '14.000'])
  })

  it('puts an Arabic line’s first word on the right, its number read left to right inside', () => {
    expect(drawn('الإجمالي: 14.000 د.ب', 'rtl')).toEqual(['ب', '.', 'د', '14.000', ':', 'الإجمالي'])
  })

  it('mirrors a bracket in a right-to-left line', () => {
    expect(drawn('الضريبة (10%)', 'rtl')).toEqual(['(', '%', '10', ')', 'الضريبة'])
  })

  it('keeps Latin words inside an Arabic line in their own order', () => {
    expect(drawn('النادي Seef Fitness', 'rtl')).toEqual(['Seef', 'Fitness', 'النادي'])
  })

  it('keeps each piece’s place in the line as written, for the text a reader extracts', () => {
    const pieces = visualPieces('رقم الإيصال: R-000001', 'rtl')
    const logical = [...pieces].sort((a, b) => a.logical - b.logical).map((piece) => piece.text)
    expect(logical.join('')).toBe('رقم الإيصال: R-000001')
  })
})
