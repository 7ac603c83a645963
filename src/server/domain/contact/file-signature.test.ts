import { describe, expect, it } from 'vitest'
import { sniffType } from './file-signature.ts'

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(
    values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])),
  )

describe('sniffType', () => {
  it('knows each accepted type by its first bytes', () => {
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg')
    expect(sniffType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png')
    expect(sniffType(bytes('GIF89a', 1))).toBe('image/gif')
    expect(sniffType(bytes('GIF87a', 1))).toBe('image/gif')
    expect(sniffType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp')
    expect(sniffType(bytes('%PDF-1.7'))).toBe('application/pdf')
  })

  it('does not recognise a program, a script or a truncated header, whatever the file is called', () => {
    expect(sniffType(bytes('MZ', 0x90, 0))).toBeUndefined()
    expect(sniffType(bytes(0x7f, 'ELF'))).toBeUndefined()
    expect(sniffType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeUndefined()
    expect(sniffType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined()
    expect(sniffType(bytes(0x89, 'PN'))).toBeUndefined()
    expect(sniffType(new Uint8Array())).toBeUndefined()
  })
})
