import { addDays } from '../../../shared/bahrain-time.ts'
import {
  type CollectedBy,
  daysInRange,
  monthRange,
  percentFromBasisPoints,
  type Report,
  type ReportFigures,
  type Statement,
  type StatementLine,
  statementAmounts,
  statementTotals,
} from '../../../shared/reports.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { listVenues, type ReportRow, reportRows, statementVisits } from './repository.ts'

type Sums = Omit<ReportRow, 'date' | 'venueId'>

const zero = (): Sums => ({
  bookings: 0,
  checkedIn: 0,
  noShows: 0,
  cancellations: 0,
  onlineFils: 0,
  atVenueFils: 0,
  refundedFils: 0,
  refundsPendingFils: 0,
  activeBookings: 0,
  activeGrossFils: 0,
})

function add(into: Sums, row: Sums): Sums {
  for (const key of Object.keys(into) as (keyof Sums)[]) into[key] += row[key]
  return into
}

/** The figures shown: the average price is worked out once, from the sums, and rounded half up. */
function figures({ activeBookings, activeGrossFils, ...sums }: Sums): ReportFigures {
  const averagePriceFils = activeBookings
    ? Math.floor((2 * activeGrossFils + activeBookings) / (2 * activeBookings))
    : 0
  return { ...sums, averagePriceFils }
}

/** A report: one query's rows by date and venue, added up by day (every date), by venue and in total. */
export async function buildReport(db: Database, from: string, to: string, venueId?: string): Promise<Report> {
  const venues = await listVenues(db)
  if (venueId && !venues.some((venue) => venue.id === venueId)) throw new HttpError(404, 'GYM_NOT_FOUND')
  const rows = await reportRows(db, from, to, venueId)
  const byDay = new Map<string, Sums>()
  for (let i = 0; i < daysInRange(from, to); i++) byDay.set(addDays(from, i), zero())
  const byVenue = new Map<string, Sums>()
  const totals = zero()
  for (const row of rows) {
    add(byDay.get(row.date) ?? zero(), row)
    if (!byVenue.has(row.venueId)) byVenue.set(row.venueId, zero())
    add(byVenue.get(row.venueId) as Sums, row)
    add(totals, row)
  }
  const names = new Map(venues.map((venue) => [venue.id, { en: venue.name_en, ar: venue.name_ar }]))
  return {
    from,
    to,
    venue: venueId ?? null,
    venues: venues.map((venue) => ({ id: venue.id, name: { en: venue.name_en, ar: venue.name_ar } })),
    days: [...byDay].map(([date, sums]) => ({ date, ...figures(sums) })),
    // In the catalog's order, as the picker lists them.
    byVenue: venues
      .filter((venue) => byVenue.has(venue.id))
      .map((venue) => ({
        venueId: venue.id,
        name: names.get(venue.id) ?? { en: venue.id, ar: venue.id },
        ...figures(byVenue.get(venue.id) as Sums),
      })),
    totals: figures(totals),
  }
}

/** One venue's statement for a month (docs/decisions/026). */
export async function buildStatement(db: Database, venueId: string, month: string): Promise<Statement> {
  const venues = await listVenues(db)
  const venue = venues.find((row) => row.id === venueId)
  if (!venue) throw new HttpError(404, 'GYM_NOT_FOUND')
  const { from, to } = monthRange(month)
  const visits = await statementVisits(db, venueId, from, to)
  const lines: StatementLine[] = visits.map((visit) => {
    const collected: CollectedBy =
      visit.payment_status === 'paid' ? 'online' : (visit.desk_payment_method ?? 'cash')
    return {
      bookingId: Number(visit.id),
      reference: visit.reference,
      date: String(visit.booking_date),
      time: visit.booking_time,
      pass: { en: visit.pass_name, ar: visit.pass_name_ar },
      visit: visit.cancelled_at
        ? 'cancelled'
        : visit.checked_in_at
          ? 'checked_in'
          : visit.no_show_at
            ? 'no_show'
            : 'expected',
      collectedBy: collected,
      // The rate the visit was booked under, not the venue's rate today.
      commissionPercent: percentFromBasisPoints(visit.commission_basis_points),
      ...statementAmounts(visit.price_fils, visit.commission_basis_points, collected),
    }
  })
  return {
    month,
    venue: {
      id: venue.id,
      name: { en: venue.name_en, ar: venue.name_ar },
      commissionPercent: percentFromBasisPoints(venue.commission_basis_points),
    },
    venues: venues.map((row) => ({ id: row.id, name: { en: row.name_en, ar: row.name_ar } })),
    lines,
    totals: statementTotals(lines),
  }
}
