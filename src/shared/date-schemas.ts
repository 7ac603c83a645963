import { z } from 'zod'
import { isIsoDate } from './bahrain-time.ts'
import { E } from './errors.ts'

/**
 * The dates and months a request may name: visits, reports, statements, holidays, announcements.
 * A real calendar date is not enough: year 0 does not exist in PostgreSQL and year 9999 overflows
 * the day after it, so a date far out would fail in the database rather than in the schema. The
 * site's years are 2000 to 2100, both included: far wider than any booking, report or holiday.
 */
export const firstDateYear = 2000
export const lastDateYear = 2100

/** The oldest birth year a birthday may have; the youngest is the minimum age's. */
export const firstBirthYear = 1900

/**
 * Whether a yyyy-mm-dd or yyyy-mm text's year is the site's. Text of another form passes: the
 * schema's check of the form refuses it, with its own message.
 */
export function inDateYears(text: string): boolean {
  const year = /^(\d{4})-/.exec(text)?.[1]
  return year === undefined || (Number(year) >= firstDateYear && Number(year) <= lastDateYear)
}

/** A real date, yyyy-mm-dd, in the site's years. */
export const isoDateSchema = z
  .string({ error: E.DATE_REQUIRED })
  .regex(/^\d{4}-\d{2}-\d{2}$/, E.DATE_FORMAT)
  .refine(isIsoDate, E.INVALID_DATE)
  .refine(inDateYears, E.DATE_OUT_OF_RANGE)

/** A month, yyyy-mm, in the site's years. */
export const isoMonthSchema = z
  .string({ error: E.STATEMENT_MONTH_INVALID })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, E.STATEMENT_MONTH_INVALID)
  .refine(inDateYears, E.DATE_OUT_OF_RANGE)
