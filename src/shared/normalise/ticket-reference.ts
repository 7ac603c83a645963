import { westernDigits } from './digits.ts'

/**
 * Ticket references as people type them at the desk: `DP58J9Q98F`, `dp58j9q98f`, `DP 58J9 Q98F`,
 * `D-P58-J9Q9-8F`, with Arabic-Indic or Persian digits, full-width letters, or letters from a Greek
 * or Cyrillic keyboard that look like ours, all read as `DP-58J9-Q98F`. One reading for the desk's
 * form and search and for the server's redeem and search (docs/decisions/029).
 *
 * References are `DP-` and eight characters of `ticketReferenceAlphabet`, which leaves out the
 * look-alikes 0/O and 1/I/L. Those five are never mapped: each could be a misread of more than one
 * character of the alphabet (O of D or Q, 1 of 7, J or T), so guessing would open someone else's
 * booking. A text holding one is not a reference.
 */

/** The characters of a reference after `DP-`, as the database draws them (migration 010). */
export const ticketReferenceAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** The characters a reference never holds, because they look like each other. */
export const ticketReferenceLookAlikes = '0O1IL'

const referenceBody = new RegExp(`^(?:DP)?([${ticketReferenceAlphabet}]{8})$`)
const signaturePattern = /^[A-Za-z0-9_-]{43}$/

/**
 * Letters of other scripts drawn like one of the alphabet's (after upper-casing): Greek and
 * Cyrillic capitals, from a phone's other keyboard or text pasted from elsewhere.
 */
const lookAlikeLetters: Record<string, string> = {
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Cyrillic
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  К: 'K',
  М: 'M',
  Р: 'P',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  Ѕ: 'S',
  Ԛ: 'Q',
  Ԝ: 'W',
}
const lookAlikePattern = new RegExp(`[${Object.keys(lookAlikeLetters).join('')}]`, 'g')

/**
 * Compatibility forms folded (full-width `ＤＰ` to `DP`), invisible marks dropped (the direction
 * marks text copied from an Arabic page carries), other digits made ASCII.
 */
function plain(text: string): string {
  return westernDigits(text.normalize('NFKC').replace(/\p{Cf}/gu, ''))
}

/** Upper case, look-alike letters of other scripts mapped, and every space and dash dropped. */
function compact(text: string): string {
  return text
    .toUpperCase()
    .replace(lookAlikePattern, (letter) => lookAlikeLetters[letter] ?? letter)
    .replace(/[\s\p{Pd}\u2212\u0640]/gu, '')
}

/**
 * The reference a person typed, as `DP-XXXX-XXXX`, or undefined when it is not one. The `DP` may be
 * left out; spaces and dashes may be anywhere.
 */
export function normaliseTicketReference(text: string): string | undefined {
  const match = referenceBody.exec(compact(plain(text)))
  const body = match?.[1]
  return body ? `DP-${body.slice(0, 4)}-${body.slice(4)}` : undefined
}

/** What the desk read: a reference, and the ticket's signature when the text carried one. */
export interface TicketText {
  reference: string
  signature?: string
}

/**
 * A ticket's QR payload `DP-XXXX-XXXX.<signature>` (from the camera, or typed whole by a USB
 * scanner), or a reference typed by hand; undefined for anything else. Only the reference part is
 * normalised: the signature is base64url and is taken exactly as read.
 */
export function readTicketText(text: string): TicketText | undefined {
  const read = plain(text).trim()
  const dot = read.indexOf('.')
  const reference = normaliseTicketReference(dot === -1 ? read : read.slice(0, dot))
  if (!reference) return undefined
  if (dot === -1) return { reference }
  const signature = read.slice(dot + 1)
  return signaturePattern.test(signature) ? { reference, signature } : undefined
}

/**
 * Part of a reference typed into a search, without its spaces and dashes (`58J9Q`), for matching
 * against a reference written the same way; undefined when it holds anything a reference cannot.
 */
export function ticketReferenceFragment(text: string): string | undefined {
  const fragment = compact(plain(text))
  return new RegExp(`^[${ticketReferenceAlphabet}]+$`).test(fragment) ? fragment : undefined
}

/** A reference without its dashes (`DP58J9Q98F`), to match a fragment against. */
export function compactTicketReference(reference: string): string {
  return reference.replaceAll('-', '')
}
