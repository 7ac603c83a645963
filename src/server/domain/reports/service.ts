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
  const lines = statementLines(await statementVisits(db, venueId, from, to))
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

type StatementVisit = Awaited<ReturnType<typeof statementVisits>>[number]

function visitStanding(visit: StatementVisit): StatementLine['visit'] {
  if (visit.cancelled_at) return 'cancelled'
  if (visit.checked_in_at) return 'checked_in'
  return visit.no_show_at ? 'no_show' : 'expected'
}

/**
 * The visits as lines, a party on one line as on its receipt (docs/decisions/050): one order's
 * visits of one pass, day, hour and price, at one rate, collected one way and standing alike. The
 * commission and its VAT are worked out once per line, on its gross: 8 visits whose commissions
 * add up to BD 13.200 pay BD 1.320 of VAT on it, not BD 1.324 from rounding each visit's.
 */
function statementLines(visits: readonly StatementVisit[]): StatementLine[] {
  const lines = new Map<string, { visits: StatementVisit[]; collected: CollectedBy }>()
  for (const visit of visits) {
    const collected: CollectedBy =
      visit.payment_status === 'paid' ? 'online' : (visit.desk_payment_method ?? 'cash')
    const key = [
      visit.order_id,
      visit.pass_id,
      visit.booking_date,
      visit.booking_time,
      visit.price_fils,
      visit.commission_basis_points,
      collected,
      visitStanding(visit),
    ].join('|')
    const line = lines.get(key) ?? { visits: [], collected }
    line.visits.push(visit)
    lines.set(key, line)
  }
  // The visits come by date, hour and id: each line stands where its first visit does.
  return [...lines.values()].map(({ visits: party, collected }) => {
    const [first] = party as [StatementVisit, ...StatementVisit[]]
    return {
      bookingIds: party.map((visit) => Number(visit.id)),
      references: party.map((visit) => visit.reference),
      quantity: party.length,
      unitPriceFils: first.price_fils,
      date: String(first.booking_date),
      time: first.booking_time,
      pass: { en: first.pass_name, ar: first.pass_name_ar },
      visit: visitStanding(first),
      collectedBy: collected,
      // The rate the visits were booked under, not the venue's rate today.
      commissionPercent: percentFromBasisPoints(first.commission_basis_points),
      ...statementAmounts(first.price_fils * party.length, first.commission_basis_points, collected),
    }
  })
}
