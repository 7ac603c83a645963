import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/min'
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
  const phone = parsePhoneNumberFromString(asWritten(text), {
    defaultCountry: defaultPhoneCountry,
    extract: false,
  })
  if (!phone?.isValid() || phone.ext) return undefined
  return phone.number
}

/** Western digits, and "(+973) 3612 3456"'s brackets gone, which the parser takes for a national number. */
function asWritten(text: string) {
  return westernDigits(text)
    .trim()
    .replace(/^\((\+?\d{1,4})\)/, '$1')
}

/** Why a number that is not valid is not, when that can be said better than "not a valid number". */
export type PhoneProblem = Extract<
  ErrorCode,
  'PHONE_TOO_SHORT' | 'PHONE_TOO_LONG' | 'PHONE_NOT_BAHRAINI' | 'PHONE_NEEDS_COUNTRY_CODE'
>

/**
 * What is wrong with a written number that `normalisePhone` refuses, in the visitor's terms: a
 * Bahraini number (eight digits, with or without +973) with a digit too few or too many, eight
 * digits no Bahraini number starts with, or another country's number written without its code.
 * Undefined for text that is not a number at all (letters, an extension) and for another country's
 * number given with its code: the field's own "enter a valid number" says that.
 */
export function phoneProblem(text: string): PhoneProblem | undefined {
  const written = asWritten(text)
  if (!/\d/.test(written) || /[^\d\s+＋().\-\u00a0]/.test(written)) return undefined
  const international = /^[+＋]|^00/.test(written)
  const phone = parsePhoneNumberFromString(written, { defaultCountry: defaultPhoneCountry, extract: false })
  if (phone?.countryCallingCode !== '973') return undefined
  if (phone.isValid()) return undefined
  const length = validatePhoneNumberLength(written, defaultPhoneCountry)
  if (length === 'TOO_SHORT') return 'PHONE_TOO_SHORT'
  if (!international) {
    const digits = written.replace(/\D/g, '')
    // Bahrain's numbers never start with 0: "050 123 4567" is a number from abroad, as is
    // "966 50 123 4567", which is a valid number once given its "+".
    if (/^0/.test(digits) || parsePhoneNumberFromString(`+${digits}`)?.isValid())
      return 'PHONE_NEEDS_COUNTRY_CODE'
  }
  return length === 'TOO_LONG' ? 'PHONE_TOO_LONG' : 'PHONE_NOT_BAHRAINI'
}

/** A stored number as people read it (`+973 3612 3456`); text that is not a number is shown as it is. */
export function formatPhone(stored: string): string {
  const phone = parsePhoneNumberFromString(stored, { defaultCountry: defaultPhoneCountry, extract: false })
  return phone?.isValid() ? phone.formatInternational() : stored
}

/**
 * A phone field of a shared form: the text as typed in, E.164 out; `phoneProblem`'s code when it
 * can say what is wrong with the number, else `invalid`. With `optional`, an empty field is ''
 * (no number given).
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
        else if (text && text.length <= 40 && !normalisePhone(text))
          ctx.addIssue({ code: 'custom', message: phoneProblem(text) ?? codes.invalid })
      })
      .transform((text) => (text ? (normalisePhone(text) ?? text) : ''))
  )
}
