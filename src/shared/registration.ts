import { z } from 'zod'
import { ageOn, emailSchema, maxNamePartLength, minimumAge, passwordSchema } from './accounts.ts'
import { parseDisplayDate, todayInBahrain } from './bahrain-time.ts'
import { firstBirthYear } from './date-schemas.ts'
import { E } from './errors.ts'
import { phoneSchema } from './normalise/phone.ts'
import { isTypedText } from './typed-text.ts'

/**
 * The registration form, checked in the browser and again on the server; messages are error codes.
 * A module of its own because of its phone field: the phone library it brings loads only with the
 * registration page, not with every form that shares the e-mail and password rules.
 */
export const registrationSchema = z
  .object({
    firstName: z
      .string()
      .trim()
      .min(1, E.FIRST_NAME_REQUIRED)
      .max(maxNamePartLength, E.FIRST_NAME_TOO_LONG)
      .refine(isTypedText, E.INVALID_TEXT),
    middleName: z
      .string()
      .trim()
      .max(maxNamePartLength, E.MIDDLE_NAME_TOO_LONG)
      .refine(isTypedText, E.INVALID_TEXT)
      .optional()
      .default(''),
    lastName: z
      .string()
      .trim()
      .min(1, E.LAST_NAME_REQUIRED)
      .max(maxNamePartLength, E.LAST_NAME_TOO_LONG)
      .refine(isTypedText, E.INVALID_TEXT),
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
        if (!iso || iso > today || Number(iso.slice(0, 4)) < firstBirthYear)
          ctx.addIssue({ code: 'custom', message: E.DATE_INVALID })
        else if (ageOn(iso, today) < minimumAge) ctx.addIssue({ code: 'custom', message: E.TOO_YOUNG })
      }),
    email: emailSchema,
    confirmEmail: z.string().trim(),
    /** Optional; written as people do (src/shared/normalise/phone.ts), stored as E.164. */
    mobileNumber: phoneSchema({ invalid: E.MOBILE_INVALID }).optional().default(''),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .superRefine((form, ctx) => {
    if (form.confirmEmail.toLowerCase() !== form.email.toLowerCase())
      ctx.addIssue({ code: 'custom', path: ['confirmEmail'], message: E.EMAILS_MISMATCH })
    if (form.confirmPassword !== form.password)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: E.PASSWORDS_MISMATCH })
  })

export type RegistrationInput = z.input<typeof registrationSchema>
export type Registration = z.output<typeof registrationSchema>
