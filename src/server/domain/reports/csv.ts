import { stringify } from 'csv-stringify/sync'
import type { Language } from '../../../shared/i18n.ts'
import type { Report, ReportFigures, Statement, StatementAmounts } from '../../../shared/reports.ts'

/**
 * The reports as CSV, through csv-stringify with `escape_formulas`: a text cell starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return (or their full-width forms) gets a `'` in front, so a
 * venue or pass name cannot become a spreadsheet formula (OWASP "CSV Injection"). Numbers are
 * numbers, so a negative balance keeps its minus sign. Money is in BD with three decimals.
 */

/** Cells: text, a count, or money in fils (written as BD). */
type Cell = string | number | { fils: number }

function toCsv(header: string[], rows: Cell[][]): string {
  const moneyColumns = new Set<number>()
  const records = rows.map((row) =>
    row.map((cell, column) => {
      if (typeof cell === 'object') {
        moneyColumns.add(column)
        return cell.fils
      }
      return cell
    }),
  )
  return stringify([header, ...records], {
    escape_formulas: true,
    // Money columns are fils on the way in and BD on the way out; the cell stays a number, so its
    // minus sign is not taken for a formula.
    cast: {
      number: (value, context) =>
        typeof context.index === 'number' && moneyColumns.has(context.index) && context.header !== true
          ? (value / 1000).toFixed(3)
          : String(value),
    },
    record_delimiter: '\r\n',
  })
}

const figureHeader = [
  'bookings',
  'checked_in',
  'no_shows',
  'cancellations',
  'online_bd',
  'at_venue_bd',
  'refunded_bd',
  'refunds_pending_bd',
  'average_price_bd',
]

function figureCells(f: ReportFigures): Cell[] {
  return [
    f.bookings,
    f.checkedIn,
    f.noShows,
    f.cancellations,
    { fils: f.onlineFils },
    { fils: f.atVenueFils },
    { fils: f.refundedFils },
    { fils: f.refundsPendingFils },
    { fils: f.averagePriceFils },
  ]
}

/** The report's rows as the page's tables: each day, each venue, then the total. */
export function reportCsv(report: Report, language: Language): string {
  const venueName = report.venue
    ? (report.venues.find((venue) => venue.id === report.venue)?.name[language] ?? report.venue)
    : ''
  const rows: Cell[][] = [
    ...report.days.map((day) => ['day', day.date, venueName, ...figureCells(day)]),
    ...report.byVenue.map((venue) => [
      'venue',
      `${report.from}/${report.to}`,
      venue.name[language],
      ...figureCells(venue),
    ]),
    ['total', `${report.from}/${report.to}`, venueName, ...figureCells(report.totals)],
  ]
  return toCsv(['row', 'date', 'venue', ...figureHeader], rows)
}

const amountHeader = [
  'gross_bd',
  'commission_bd',
  'commission_vat_bd',
  'collected_at_venue_bd',
  'collected_online_bd',
  'owed_to_venue_bd',
]

function amountCells(a: StatementAmounts): Cell[] {
  return [
    { fils: a.grossFils },
    { fils: a.commissionFils },
    { fils: a.commissionVatFils },
    { fils: a.atVenueFils },
    { fils: a.onlineFils },
    { fils: a.owedToVenueFils },
  ]
}

/** A statement: each line (a party: its references, space-separated, and how many), then the total line. */
export function statementCsv(statement: Statement, language: Language): string {
  const venue = statement.venue.name[language]
  const rows: Cell[][] = [
    ...statement.lines.map((line) => [
      line.references.join(' '),
      line.quantity,
      line.date,
      line.time,
      venue,
      line.pass[language],
      line.visit,
      line.collectedBy,
      line.commissionPercent,
      ...amountCells(line),
    ]),
    ['total', '', statement.month, '', venue, '', '', '', '', ...amountCells(statement.totals)],
  ]
  return toCsv(
    [
      'reference',
      'visits',
      'date',
      'time',
      'venue',
      'pass',
      'visit',
      'collected_by',
      'commission_percent',
      ...amountHeader,
    ],
    rows,
  )
}

/** `report-2026-12-01-2026-12-31.csv`: a name of our own, never from the request's text. */
export function csvFileName(...parts: string[]): string {
  return `${parts.join('-').replace(/[^A-Za-z0-9-]/g, '')}.csv`
}
