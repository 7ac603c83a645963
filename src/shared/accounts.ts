import { z } from 'zod'
import type { IsoDate } from './bahrain-time.ts'
import { commonPasswords } from './common-passwords.ts'
import { E } from './errors.ts'
import { isTypedText } from './typed-text.ts'

/** Accounts' forms, checked in the browser and again on the server; messages are error codes. */
export const minimumAge = 16
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const emailSchema = z
  .string({ error: E.EMAIL_REQUIRED })
  .trim()
  .min(1, E.EMAIL_REQUIRED)
  .max(254, E.EMAIL_INVALID)
  .regex(emailPattern, E.EMAIL_INVALID)

/** OWASP ASVS level 2: at least 8 characters, long passphrases allowed, no composition rules, no common passwords. */
export const passwordSchema = z
  .string({ error: E.PASSWORD_REQUIRED })
  .min(8, E.PASSWORD_TOO_SHORT)
  .max(128, E.PASSWORD_TOO_LONG)
  .refine((password) => !commonPasswords.has(password.toLowerCase()), E.PASSWORD_TOO_COMMON)

/** A first, middle or last name. */
export const maxNamePartLength = 80

/**
 * The name an account is known by (better-auth's `name`): registration makes it "first last", so it
 * is never longer than two name parts and a space. Every path that sets it applies this.
 */
export const accountNameSchema = z
  .string({ error: E.NAME_REQUIRED })
  .trim()
  .min(1, E.NAME_REQUIRED)
  .max(maxNamePartLength * 2 + 1, E.NAME_TOO_LONG)
  .refine(isTypedText, E.INVALID_TEXT)

/** Full years between a birthday and a day, both yyyy-mm-dd. */
export function ageOn(birthday: IsoDate, day: IsoDate): number {
  const [by, bm, bd] = birthday.split('-').map(Number)
  const [dy, dm, dd] = day.split('-').map(Number)
  const age = (dy ?? 0) - (by ?? 0)
  return (dm ?? 0) < (bm ?? 0) || (dm === bm && (dd ?? 0) < (bd ?? 0)) ? age - 1 : age
}
