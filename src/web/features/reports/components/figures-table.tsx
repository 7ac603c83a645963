import { useTranslation } from 'react-i18next'
import type { ReportFigures } from '../../../../shared/reports.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { ScrollRegion } from './scroll-region.tsx'

export const figureKeys = [
  'bookings',
  'checkedIn',
  'noShows',
  'cancellations',
  'onlineFils',
  'atVenueFils',
  'refundedFils',
  'refundsPendingFils',
  'averagePriceFils',
] as const satisfies readonly (keyof ReportFigures)[]

export type FigureRow = ReportFigures & { key: string; label: string }

/**
 * A report's figures as a table: one row per day or venue, then the total. It is also each chart's
 * data table, so it scrolls sideways on a phone (and can be reached with the keyboard to do so).
 */
export function FiguresTable({
  caption,
  heading,
  rows,
  totals,
}: {
  caption: string
  /** The first column's heading: the day, or the venue. */
  heading: string
  rows: FigureRow[]
  totals: ReportFigures
}) {
  const { t } = useTranslation('reports')
  const money = useMoney()
  const cell = (row: ReportFigures, key: (typeof figureKeys)[number]) =>
    key.endsWith('Fils') ? money(row[key]) : String(row[key])
  return (
    <ScrollRegion label={caption}>
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-brand-50 text-start text-ink">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {heading}
            </th>
            {figureKeys.map((key) => (
              <th key={key} scope="col" className="px-3 py-2 text-end font-semibold">
                {t(`figures.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-brand-900/10">
              <th scope="row" className="px-3 py-2 text-start font-medium text-ink">
                {row.label}
              </th>
              {figureKeys.map((key) => (
                <td key={key} className="whitespace-nowrap px-3 py-2 text-end tabular-nums text-ink">
                  {cell(row, key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-brand-900/30 font-semibold">
            <th scope="row" className="px-3 py-2 text-start text-ink">
              {t('total')}
            </th>
            {figureKeys.map((key) => (
              <td key={key} className="whitespace-nowrap px-3 py-2 text-end tabular-nums text-ink">
                {cell(totals, key)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  )
}
