import { describe, expect, it } from 'vitest'
import {
  compactTicketReference,
  normaliseTicketReference,
  readTicketText,
  ticketReferenceAlphabet,
  ticketReferenceFragment,
  ticketReferenceLookAlikes,
} from './ticket-reference.ts'

const signature = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJK_-0123'

describe('normaliseTicketReference', () => {
  it.each([
    'DP-58J9-Q98F',
    'DP58J9Q98F',
    'dp58j9q98f',
    'DP 58J9 Q98F',
    '  dp 58j9  q98f ',
    'D-P58-J9Q-98F',
    'DP--58J9--Q98F-',
    'DP–58J9—Q98F', // en and em dashes, as a phone's keyboard or a word processor makes them
    'DP‐58J9−Q98F', // hyphen and minus sign
    '58J9-Q98F', // without its DP
    '58j9q98f',
    'DP-٥٨J٩-Q٩٨F', // Arabic-Indic digits
    'DP-۵۸J۹-Q۹۸F', // Persian digits
    'ＤＰ－５８Ｊ９－Ｑ９８Ｆ', // full-width
    '\u200fDP-58J9-Q98F\u200e', // direction marks from text copied out of an Arabic page
    'DР-58J9-Q98F', // a Cyrillic Р
    'DΡ-58J9-Q98F', // a Greek Ρ
    'dр 58j9 q98f', // a Cyrillic lower-case р
    'DP\u00a058J9\u00a0Q98F', // no-break spaces
    'DP-58J9ـQ98F', // a tatweel, drawn like a dash
  ])('reads %j as DP-58J9-Q98F', (typed) => {
    expect(normaliseTicketReference(typed)).toBe('DP-58J9-Q98F')
  })

  it('reads every character of the alphabet, in either case', () => {
    const all = `${ticketReferenceAlphabet}${ticketReferenceAlphabet}`
    for (let start = 0; start < ticketReferenceAlphabet.length; start += 8) {
      const body = all.slice(start, start + 8)
      const expected = `DP-${body.slice(0, 4)}-${body.slice(4)}`
      expect(normaliseTicketReference(body.toLowerCase())).toBe(expected)
      expect(normaliseTicketReference(`dp${body}`)).toBe(expected)
    }
  })

  it('never guesses a look-alike the alphabet leaves out (0, O, 1, I, L), in any script', () => {
    for (const lookAlike of [
      ...ticketReferenceLookAlikes,
      'o',
      'i',
      'l',
      '٠',
      '١',
      '۰',
      '۱',
      'О',
      'І',
      'Ο',
    ]) {
      expect(normaliseTicketReference(`DP-58J9-Q98${lookAlike}`), lookAlike).toBeUndefined()
    }
  })

  it.each([
    '',
    'DP',
    'DP-58J9-Q98', // too short
    'DP-58J9-Q98FF', // too long
    'XX-58J9-Q98F',
    'DP-58J9-Q98F.',
    'DP_58J9_Q98F', // an underscore is not a dash
    '<script>',
    'fatima',
    '+97333123456',
  ])('refuses %j', (typed) => {
    expect(normaliseTicketReference(typed)).toBeUndefined()
  })
})

describe('readTicketText', () => {
  it('reads a payload, normalising the reference but taking the signature exactly as read', () => {
    expect(readTicketText(`DP-58J9-Q98F.${signature}`)).toEqual({ reference: 'DP-58J9-Q98F', signature })
    expect(readTicketText(` dp58j9q98f.${signature}\n`)).toEqual({ reference: 'DP-58J9-Q98F', signature })
    // A changed letter case in the signature is another signature, left for the server to refuse.
    expect(readTicketText(`DP-58J9-Q98F.${signature.toUpperCase()}`)?.signature).toBe(signature.toUpperCase())
  })

  it('reads a reference typed alone as one without a signature', () => {
    expect(readTicketText('dp58j9q98f')).toEqual({ reference: 'DP-58J9-Q98F' })
  })

  it('refuses a payload whose signature is not one, and anything that is not a reference', () => {
    expect(readTicketText('DP-58J9-Q98F.short')).toBeUndefined()
    expect(readTicketText(`DP-58J9-Q98F.${signature}x`)).toBeUndefined()
    expect(readTicketText(`DP-58J9-Q98F.${signature.slice(1)}!`)).toBeUndefined()
    expect(readTicketText(`DP-58J9-Q980.${signature}`)).toBeUndefined()
    expect(readTicketText('')).toBeUndefined()
  })
})

describe('ticketReferenceFragment', () => {
  it('reads part of a reference typed into a search, to match against the compact reference', () => {
    expect(ticketReferenceFragment('58j9 q9')).toBe('58J9Q9')
    expect(ticketReferenceFragment('٥٨j٩-q')).toBe('58J9Q')
    expect(compactTicketReference('DP-58J9-Q98F').includes('58J9Q9')).toBe(true)
  })

  it('is undefined for text a reference cannot hold', () => {
    expect(ticketReferenceFragment('fatima@example.bh')).toBeUndefined()
    expect(ticketReferenceFragment('Q90')).toBeUndefined()
    expect(ticketReferenceFragment('')).toBeUndefined()
  })
})
