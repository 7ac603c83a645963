import { z } from 'zod'
import { type IsoDate, parseDisplayDate, todayInBahrain } from './bahrain-time.ts'
import { commonPasswords } from './common-passwords.ts'

/** Accounts' forms, checked in the browser and again on the server with the same messages. */
export const minimumAge = 16
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const mobilePattern = /^\+\d{7,15}$/

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .regex(emailPattern, 'Please enter a valid email address')

/** OWASP ASVS level 2: at least 8 characters, long passphrases allowed, no composition rules, no common passwords. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')
  .refine(
    (password) => !commonPasswords.has(password.toLowerCase()),
    'This password is too common. Please choose a less predictable one.',
  )

/** Full years between a birthday and a day, both yyyy-mm-dd. */
export function ageOn(birthday: IsoDate, day: IsoDate): number {
  const [by, bm, bd] = birthday.split('-').map(Number)
  const [dy, dm, dd] = day.split('-').map(Number)
  const age = (dy ?? 0) - (by ?? 0)
  return (dm ?? 0) < (bm ?? 0) || (dm === bm && (dd ?? 0) < (bd ?? 0)) ? age - 1 : age
}

export const registrationSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(80, 'First name is too long'),
    middleName: z.string().trim().max(80, 'Middle name is too long').optional().default(''),
    lastName: z.string().trim().min(1, 'Last name is required').max(80, 'Last name is too long'),
    /** dd/mm/yyyy, optional. */
    birthday: z
      .string()
      .trim()
      .optional()
      .default('')
      .superRefine((text, ctx) => {
        if (!text) return
        const iso = parseDisplayDate(text)
        const today = todayInBahrain()
        if (!iso || iso > today)
          ctx.addIssue({ code: 'custom', message: 'Please enter a valid date (dd/mm/yyyy)' })
        else if (ageOn(iso, today) < minimumAge)
          ctx.addIssue({ code: 'custom', message: 'You must be at least 16 years old to register' })
      }),
    email: emailSchema,
    confirmEmail: z.string().trim(),
    mobileNumber: z
      .string()
      .trim()
      .optional()
      .default('')
      .refine(
        (mobile) => !mobile || mobilePattern.test(mobile),
        'Please enter a valid mobile number: + followed by digits, e.g. +97312345678',
      ),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .superRefine((form, ctx) => {
    if (form.confirmEmail.toLowerCase() !== form.email.toLowerCase())
      ctx.addIssue({ code: 'custom', path: ['confirmEmail'], message: 'Email addresses do not match' })
    if (form.confirmPassword !== form.password)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' })
  })

export type RegistrationInput = z.input<typeof registrationSchema>
export type Registration = z.output<typeof registrationSchema>
