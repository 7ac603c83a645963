import { z } from 'zod'
import { E } from './errors.ts'

/**
 * How a venue hears of its bookings (docs/decisions/042): where its notices go, how often and in
 * which language. Checked in the team's venue editor and again on the server; messages are error codes.
 */

/** 'each': a mail per confirmed order, change and cancellation; 'digest': the day's visits each morning. */
export const bookingNoticeModes = ['each', 'digest', 'off'] as const
export type BookingNoticeMode = (typeof bookingNoticeModes)[number]

export const noticeLanguages = ['en', 'ar'] as const
export type NoticeLanguage = (typeof noticeLanguages)[number]

/** The hour (Bahrain time) from which a venue's digest of the day is queued. */
export const digestHourInBahrain = 6

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Empty: the venue gets no notices. Kept lower-cased. */
export const bookingsEmailSchema = z
  .string({ error: E.BOOKINGS_EMAIL_INVALID })
  .trim()
  .max(254, E.BOOKINGS_EMAIL_INVALID)
  .refine((text) => text === '' || emailPattern.test(text), E.BOOKINGS_EMAIL_INVALID)

export const venueNoticesSchema = z.strictObject({
  bookingsEmail: bookingsEmailSchema,
  mode: z.enum(bookingNoticeModes, { error: E.INVALID_VALUE }),
  language: z.enum(noticeLanguages, { error: E.INVALID_VALUE }),
})
export type VenueNoticesInput = z.input<typeof venueNoticesSchema>
export type VenueNotices = z.output<typeof venueNoticesSchema>

/** The settings as the editor shows them; `bookingsEmail` is '' when none is set. */
export const venueNoticesAnswerSchema = z.object({
  bookingsEmail: z.string(),
  mode: z.enum(bookingNoticeModes),
  language: z.enum(noticeLanguages),
})

/** The address as stored: null for none, else lower-cased. */
export function storedBookingsEmail(text: string): string | null {
  const trimmed = text.trim().toLowerCase()
  return trimmed === '' ? null : trimmed
}
