import { describe, expect, it } from 'vitest'
import { preferredEncoding } from './content-encoding.ts'

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours a refusal (q=0)', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br')
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(preferredEncoding('BR;q=0.5')).toBe('br')
    expect(preferredEncoding('identity')).toBeUndefined()
    expect(preferredEncoding('deflate')).toBeUndefined()
    expect(preferredEncoding(undefined)).toBeUndefined()
  })
})
