import { z } from 'zod'
import { addDays, type IsoDate } from './bahrain-time.ts'
import { localizedSchema, venueIdSchema } from './catalog-api.ts'
import { isoDateSchema, isoMonthSchema } from './date-schemas.ts'
import { E } from './errors.ts'
import { vatOnFils } from './vat.ts'

/**
 * Reports and venue statements (docs/reports.md, canViewReports): the request schemas both sides check,
 * the answers, and the statement's arithmetic. Money is integer fils throughout; a commission is
 * rounded once per visit and every total is the sum of its lines (docs/decisions/026).
 */

/** The longest range one report covers: a year, leap day included. */
export const maxReportDays = 366

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysInRange(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
}

export const reportQuerySchema = z
  .strictObject({
    from: isoDateSchema,
    to: isoDateSchema,
    /** One venue, or every venue when absent. */
    venue: venueIdSchema.optional(),
  })
  .refine(
    ({ from, to }) => {
      const days = daysInRange(from, to)
      return days >= 1 && days <= maxReportDays
    },
    { message: E.REPORT_RANGE_INVALID, path: ['to'] },
  )
export type ReportQuery = z.infer<typeof reportQuerySchema>

/** What a report counts, for a day, a venue or the whole range; money in fils. */
export const reportFiguresSchema = z.object({
  /** Visits booked for the date, cancelled ones included. */
  bookings: z.number().int(),
  checkedIn: z.number().int(),
  noShows: z.number().int(),
  cancellations: z.number().int(),
  /** Card payments taken online for these visits (refunds are counted apart). */
  onlineFils: z.number().int(),
  /** Pay-at-venue visits settled at the desk. */
  atVenueFils: z.number().int(),
  /** Refunds the payment provider has confirmed (and desk payments given back at the desk), and those still on their way. */
  refundedFils: z.number().int(),
  refundsPendingFils: z.number().int(),
  /** The mean price of the visits not cancelled, rounded once to the fils; 0 without any. */
  averagePriceFils: z.number().int(),
})
export type ReportFigures = z.infer<typeof reportFiguresSchema>

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  venue: z.string().nullable(),
  /** Every venue, for the venue picker. */
  venues: z.array(z.object({ id: z.string(), name: localizedSchema })),
  /** Each date of the range, a day without visits at zero. */
  days: z.array(reportFiguresSchema.extend({ date: z.string() })),
  /** Each venue with a visit in the range. */
  byVenue: z.array(reportFiguresSchema.extend({ venueId: z.string(), name: localizedSchema })),
  totals: reportFiguresSchema,
})
export type Report = z.infer<typeof reportSchema>

export const reportPresets = ['thisWeek', 'thisMonth', 'lastMonth'] as const
export type ReportPreset = (typeof reportPresets)[number]

/**
 * A preset's dates around Bahrain's today: the week runs Sunday to Saturday, as Bahrain's working
 * week starts on Sunday; a month from its first day to its last.
 */
export function presetRange(preset: ReportPreset, today: IsoDate): { from: IsoDate; to: IsoDate } {
  if (preset === 'thisWeek') {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay()
    const from = addDays(today, -weekday)
    return { from, to: addDays(from, 6) }
  }
  const month = preset === 'thisMonth' ? today.slice(0, 7) : previousMonth(today.slice(0, 7))
  return monthRange(month)
}

export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`
}

/** `2026-02` → 1 to 28 February 2026. */
export function monthRange(month: string): { from: IsoDate; to: IsoDate } {
  const from = `${month}-01`
  const [year, number] = month.split('-').map(Number) as [number, number]
  const next = number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`
  return { from, to: addDays(next, -1) }
}

// Commission and statements.

/** The default commission: 15%. */
export const defaultCommissionBasisPoints = 1500

/** 15 → 1500; undefined unless 0 to 100 with at most two decimals. */
export function basisPointsFromPercent(percent: number): number | undefined {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return undefined
  const basisPoints = Math.round(percent * 100)
  return Math.abs(basisPoints - percent * 100) < 1e-6 ? basisPoints : undefined
}

export const percentFromBasisPoints = (basisPoints: number) => basisPoints / 100

export const commissionPercentSchema = z
  .number({ error: E.COMMISSION_RANGE })
  .refine((percent) => basisPointsFromPercent(percent) !== undefined, E.COMMISSION_RANGE)

/**
 * The commission on one visit: gross × rate, rounded half up to the fils, once. In integers:
 * `gross × basisPoints` stays far below 2^53 for any price (at most BD 1,000 = 10^6 fils × 10^4).
 */
export function commissionFils(grossFils: number, basisPoints: number): number {
  return Math.floor((grossFils * basisPoints + 5000) / 10000)
}

export const statementQuerySchema = z.strictObject({
  venue: venueIdSchema,
  month: isoMonthSchema,
})
export type StatementQuery = z.infer<typeof statementQuerySchema>

/** Who took the visitor's money: the marketplace online, or the venue at its desk (and how). */
export const collectedBy = ['online', 'card', 'benefit', 'cash'] as const
export type CollectedBy = (typeof collectedBy)[number]

export const statementAmountsSchema = z.object({
  grossFils: z.number().int(),
  commissionFils: z.number().int(),
  /** VAT at 10% on the commission, which the marketplace charges the venue (docs/decisions/050). */
  commissionVatFils: z.number().int(),
  atVenueFils: z.number().int(),
  onlineFils: z.number().int(),
  /** What the marketplace owes the venue: gross − commission − what the venue already holds. Negative: the venue owes the marketplace. */
  owedToVenueFils: z.number().int(),
})
export type StatementAmounts = z.infer<typeof statementAmountsSchema>

/**
 * A statement line is a party, as on a receipt (docs/decisions/050): one order's visits of one pass,
 * day, hour and price, charged at one rate, collected one way and standing alike. Its commission
 * and the VAT on it are worked out once, on the line's gross, never per person.
 */
export const statementLineSchema = statementAmountsSchema.extend({
  bookingIds: z.array(z.number().int()),
  references: z.array(z.string()),
  quantity: z.number().int(),
  unitPriceFils: z.number().int(),
  date: z.string(),
  time: z.string(),
  pass: localizedSchema,
  /**
   * A visit paid online and never checked in is charged as a no-show (docs/decisions/026); a
   * cancelled one whose money was kept, or not yet given back at the desk, as cancelled (031).
   */
  visit: z.enum(['checked_in', 'no_show', 'expected', 'cancelled']),
  collectedBy: z.enum(collectedBy),
  /** The commission the visit was booked under, in percent: a later change of the venue's rate leaves it. */
  commissionPercent: z.number(),
})
export type StatementLine = z.infer<typeof statementLineSchema>

export const statementSchema = z.object({
  month: z.string(),
  /** The venue's commission today: what visits booked from now on are charged. */
  venue: z.object({ id: z.string(), name: localizedSchema, commissionPercent: z.number() }),
  venues: z.array(z.object({ id: z.string(), name: localizedSchema })),
  lines: z.array(statementLineSchema),
  totals: statementAmountsSchema,
})
export type Statement = z.infer<typeof statementSchema>

/** One line's amounts, from its gross: the commission rounded once, the VAT on it once, the balance from the rounded figures. */
export function statementAmounts(
  grossFils: number,
  basisPoints: number,
  collected: CollectedBy,
): StatementAmounts {
  const commission = commissionFils(grossFils, basisPoints)
  const commissionVat = vatOnFils(commission)
  const atVenue = collected === 'online' ? 0 : grossFils
  const online = collected === 'online' ? grossFils : 0
  return {
    grossFils,
    commissionFils: commission,
    commissionVatFils: commissionVat,
    atVenueFils: atVenue,
    onlineFils: online,
    owedToVenueFils: grossFils - commission - commissionVat - atVenue,
  }
}

/** The totals: each column the sum of its lines, so they add up to the fils. */
export function statementTotals(lines: readonly StatementAmounts[]): StatementAmounts {
  const sum = (key: keyof StatementAmounts) => lines.reduce((total, line) => total + line[key], 0)
  return {
    grossFils: sum('grossFils'),
    commissionFils: sum('commissionFils'),
    commissionVatFils: sum('commissionVatFils'),
    atVenueFils: sum('atVenueFils'),
    onlineFils: sum('onlineFils'),
    owedToVenueFils: sum('owedToVenueFils'),
  }
}
