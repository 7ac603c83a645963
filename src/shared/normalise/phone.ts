import { parsePhoneNumberFromString } from 'libphonenumber-js/min'
import { z } from 'zod'
import type { ErrorCode } from '../errors.ts'
import { westernDigits } from './digits.ts'

/**
 * Phone numbers as people write them, stored in one form (E.164: `+97336123456`) and shown in one
 * (international: `+973 3612 3456`). Parsing is libphonenumber-js with its `min` metadata: every
 * country's lengths and leading digits, which catches the usual slips (a digit too many or too few),
 * at a third of the `max` metadata's size. Only the pages with a phone field load it.
 *
 * Accepted: `+973 3612 3456`, `36123456` (8 digits are a Bahraini number), `00973 36123456`,
 * `973 3612 3456`, `(+973) 3612 3456`, dashes, dots and brackets, and Arabic-Indic or Persian digits. Refused: letters,
 * extensions, and numbers of a length no country uses.
 */
export const defaultPhoneCountry = 'BH'

/** A written phone number in E.164 form, or undefined when it is not a valid number. */
export function normalisePhone(text: string): string | undefined {
  // "(+973) 3612 3456": brackets around the country code, which the parser takes for a national number.
  const written = westernDigits(text)
    .trim()
    .replace(/^\((\+?\d{1,4})\)/, '$1')
  const phone = parsePhoneNumberFromString(written, {
    defaultCountry: defaultPhoneCountry,
    extract: false,
  })
  if (!phone?.isValid() || phone.ext) return undefined
  return phone.number
}

/** A stored number as people read it (`+973 3612 3456`); text that is not a number is shown as it is. */
export function formatPhone(stored: string): string {
  const phone = parsePhoneNumberFromString(stored, { defaultCountry: defaultPhoneCountry, extract: false })
  return phone?.isValid() ? phone.formatInternational() : stored
}

/**
 * A phone field of a shared form: the text as typed in, E.164 out, `invalid` when it is not a
 * number. With `optional`, an empty field is '' (no number given).
 */
export function phoneSchema(codes: { required?: ErrorCode; invalid: ErrorCode }) {
  return (
    z
      .string({ error: codes.required ?? codes.invalid })
      .trim()
      .max(40, codes.invalid)
      // A check rather than a failing transform, so the form's other checks (e-mails match) still run.
      .superRefine((text, ctx) => {
        if (!text && codes.required) ctx.addIssue({ code: 'custom', message: codes.required })
        else if (text && !normalisePhone(text)) ctx.addIssue({ code: 'custom', message: codes.invalid })
      })
      .transform((text) => (text ? (normalisePhone(text) ?? text) : ''))
  )
}
