import { z } from 'zod'
import { addDays, isIsoDate, todayInBahrain } from './bahrain-time.ts'
import { E } from './errors.ts'

/**
 * A venue's opening hours, places per slot and date exceptions, as the team edits them (docs/operating.md).
 * One schema per form, checked in the browser and again on the server; messages are error codes.
 */

/** How far ahead a date exception may be set: as far as visits can be booked. */
export const exceptionHorizonDays = 365
export const maxCapacityPerSlot = 500
export const maxNoteLength = 200

const hourSchema = z
  .number({ error: E.HOURS_INVALID })
  .int(E.HOURS_INVALID)
  .min(0, E.HOURS_INVALID)
  .max(23, E.HOURS_INVALID)

/** Hours 0 to 23, each at most once. */
const hoursSchema = z
  .array(hourSchema, { error: E.HOURS_INVALID })
  .max(24, E.HOURS_INVALID)
  .refine((hours) => new Set(hours).size === hours.length, E.HOURS_REPEATED)

export const weeklyHoursFormSchema = z.strictObject({
  /** Sunday first, as Bahrain's week. */
  weeklyHours: z.array(hoursSchema, { error: E.WEEK_INVALID }).length(7, E.WEEK_INVALID),
  capacityPerSlot: z
    .number({ error: E.CAPACITY_RANGE })
    .int(E.CAPACITY_RANGE)
    .min(1, E.CAPACITY_RANGE)
    .max(maxCapacityPerSlot, E.CAPACITY_RANGE),
  /** Save even though existing bookings fall outside the new hours or places. */
  confirm: z.boolean({ error: E.INVALID_VALUE }).default(false),
})
export type WeeklyHoursForm = z.input<typeof weeklyHoursFormSchema>
export type WeeklyHoursInput = z.output<typeof weeklyHoursFormSchema>

/**
 * The date of an exception: a real date, not before today and at most a year ahead, in Bahrain
 * time. `now` is the clock they are judged by; the server passes the catalog's, so that tests with
 * a fixed clock agree with availability.
 */
export function exceptionDateSchema(now: () => Date = () => new Date()) {
  return z
    .string({ error: E.DATE_REQUIRED })
    .min(1, E.DATE_REQUIRED)
    .regex(/^\d{4}-\d{2}-\d{2}$/, E.DATE_FORMAT)
    .refine(isIsoDate, E.INVALID_DATE)
    .refine((date) => date >= todayInBahrain(now()), E.EXCEPTION_DATE_PAST)
    .refine((date) => date <= addDays(todayInBahrain(now()), exceptionHorizonDays), E.EXCEPTION_DATE_TOO_FAR)
}

const exceptionFields = {
  closedAllDay: z.boolean({ error: E.INVALID_VALUE }),
  closedHours: hoursSchema,
  /** Places per slot that date; null keeps the venue's usual number; 0 closes every slot. */
  capacity: z
    .number({ error: E.EXCEPTION_CAPACITY_RANGE })
    .int(E.EXCEPTION_CAPACITY_RANGE)
    .min(0, E.EXCEPTION_CAPACITY_RANGE)
    .max(maxCapacityPerSlot, E.EXCEPTION_CAPACITY_RANGE)
    .nullable(),
  note: z.string({ error: E.INVALID_VALUE }).trim().max(maxNoteLength, E.NOTE_TOO_LONG).optional(),
  /** Save even though existing bookings fall in the closed times or past the places. */
  confirm: z.boolean({ error: E.INVALID_VALUE }).default(false),
}

/** An exception must change something: close the day, close some hours, or set the places. */
const changesSomething = (form: { closedAllDay: boolean; closedHours: number[]; capacity: number | null }) =>
  form.closedAllDay || form.closedHours.length > 0 || form.capacity !== null
const noChange = { error: E.EXCEPTION_NO_CHANGE, path: ['closedHours'] }

/** The body of PUT /api/admin/venues/:id/exceptions/:date (its date is in the address). */
export const dateExceptionBodySchema = z.strictObject(exceptionFields).refine(changesSomething, noChange)

/** The form that adds or changes one date's exception. */
export function dateExceptionFormSchema(now?: () => Date) {
  return z
    .strictObject({ date: exceptionDateSchema(now), ...exceptionFields })
    .refine(changesSomething, noChange)
}
export type DateExceptionForm = z.input<ReturnType<typeof dateExceptionFormSchema>>
export type DateExceptionFormOutput = z.output<ReturnType<typeof dateExceptionFormSchema>>
export type DateExceptionInput = z.output<typeof dateExceptionBodySchema>

/** A booking a schedule change hits, as the desk needs it to contact the booker. */
export const affectedBookingSchema = z.object({
  id: z.number(),
  /** The booking's reference the booker has on their ticket, `DP-XXXX-XXXX`. */
  reference: z.string(),
  date: z.string(),
  time: z.string(),
  passName: z.object({ en: z.string(), ar: z.string() }),
  bookerName: z.string(),
  bookerEmail: z.string(),
  paymentStatus: z.enum(['paid', 'pay at venue']),
})
export type AffectedBooking = z.infer<typeof affectedBookingSchema>

export const dateExceptionSchema = z.object({
  date: z.string(),
  closedAllDay: z.boolean(),
  closedHours: z.array(z.number()),
  capacity: z.number().nullable(),
  note: z.string(),
  /** The bookings that fall in its closed times or past its places. */
  affectedBookings: z.array(affectedBookingSchema),
})
export type DateException = z.infer<typeof dateExceptionSchema>

export const venueScheduleSchema = z.object({
  venueId: z.string(),
  weeklyHours: z.array(z.array(z.number())),
  capacityPerSlot: z.number(),
  /** From today on, in date order. */
  exceptions: z.array(dateExceptionSchema),
})
export type VenueSchedule = z.infer<typeof venueScheduleSchema>

/** The answer to a saved change: the schedule now, and the bookings the change hit (when confirmed). */
export const scheduleChangeSchema = z.object({
  schedule: venueScheduleSchema,
  affectedBookings: z.array(affectedBookingSchema),
})
export type ScheduleChange = z.infer<typeof scheduleChangeSchema>
