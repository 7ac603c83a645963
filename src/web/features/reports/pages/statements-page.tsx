import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { previousMonth, type StatementAmounts, statementQuerySchema } from '../../../../shared/reports.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { statementCsvUrl, useReport, useStatement } from '../api.ts'
import { ScrollRegion } from '../components/scroll-region.tsx'
import { useDayLabel, useMonthLabel } from '../components/use-day-label.ts'

const amountKeys = [
  'grossFils',
  'commissionFils',
  'commissionVatFils',
  'atVenueFils',
  'onlineFils',
  'owedToVenueFils',
] as const

/**
 * A venue's monthly statement (canViewReports): each visit charged, its commission rounded once,
 * who collected the money, and the balance owed either way (docs/decisions/026). Last month by default.
 */
export function StatementsPage() {
  const { t } = useTranslation('reports')
  const errorText = useErrorText()
  const localized = useLocalized()
  const money = useMoney()
  const dayLabel = useDayLabel()
  const monthLabel = useMonthLabel()
  const [month, setMonth] = useState(() => previousMonth(todayInBahrain().slice(0, 7)))
  const [chosen, setChosen] = useState('')
  // The venue list comes with any report; today's is the smallest.
  const today = todayInBahrain()
  const venues = useReport({ from: today, to: today }).data?.venues
  const venue = chosen || venues?.[0]?.id || ''
  const parsed = statementQuerySchema.safeParse({ venue, month })
  const query = parsed.success ? parsed.data : undefined
  const statement = useStatement(query)
  const data = statement.data
  const cells = (amounts: StatementAmounts, commissionPercent?: number) =>
    amountKeys.map((key) => (
      <td key={key} className="whitespace-nowrap px-3 py-2 text-end tabular-nums text-ink">
        {money(amounts[key])}
        {/* A visit booked under another rate than today's says which. */}
        {key === 'commissionFils' &&
          commissionPercent !== undefined &&
          commissionPercent !== data?.venue.commissionPercent && (
            <span className="block text-xs text-muted">
              {t('statements.lineRate', { percent: commissionPercent })}
            </span>
          )}
      </td>
    ))
  const balance = data?.totals.owedToVenueFils ?? 0

  return (
    <div className="container-page max-w-6xl space-y-8 py-8">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t('statements.title')}</h1>
        <p className="mt-1 text-muted">{t('statements.lead')}</p>
        <p className="mt-2">
          <Link to={pagePath('adminReports')} className="font-semibold text-brand-800 underline">
            {t('statements.toReports')}
          </Link>
        </p>
      </div>
      <section
        aria-label={t('statements.choose')}
        className="grid gap-3 rounded-card bg-white p-5 shadow-card sm:grid-cols-3"
      >
        <Field label={t('venue')}>
          {(control) => (
            <select
              {...control}
              value={venue}
              onChange={(event) => setChosen(event.target.value)}
              className="block w-full rounded-xl border border-brand-900/20 bg-white px-3.5 py-2.5 text-base text-ink"
            >
              {venues?.map((one) => (
                <option key={one.id} value={one.id}>
                  {localized(one.name)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('statements.month')}
          error={errorText(parsed.success ? undefined : parsed.error.issues[0]?.message)}
        >
          {(control) => (
            <Input
              {...control}
              type="month"
              value={month}
              onChange={(event) => setMonth(event.target.value)}
            />
          )}
        </Field>
        {query && (
          <div className="flex items-end">
            <a href={statementCsvUrl(query)} download className={buttonClasses('secondary', 'sm')}>
              {t('downloadCsv')}
            </a>
          </div>
        )}
      </section>

      {statement.isError ? (
        <div role="alert" className="rounded-card bg-white p-6 text-center shadow-card">
          <p className="mb-4 text-ink">{errorText.of(statement.error, t('loadFailed'))}</p>
          <Button busy={statement.isFetching} onClick={() => void statement.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !data ? (
        <p role="status" aria-busy="true" className="h-48 animate-pulse rounded-card bg-sand-200/70">
          <span className="sr-only">{t('loading')}</span>
        </p>
      ) : (
        <section aria-labelledby="statement-heading" className="space-y-4">
          <h2 id="statement-heading" className="text-xl font-semibold text-ink">
            {t('statements.heading', { venue: localized(data.venue.name), month: monthLabel(data.month) })}
          </h2>
          <p className="text-ink">{t('statements.commission', { percent: data.venue.commissionPercent })}</p>
          <p className="rounded-card bg-brand-50 p-4 font-semibold text-brand-900" data-balance={balance}>
            {balance > 0
              ? t('statements.marketplaceOwes', { amount: money(balance) })
              : balance < 0
                ? t('statements.venueOwes', { amount: money(-balance) })
                : t('statements.settled')}
          </p>
          {data.lines.length === 0 ? (
            <p className="rounded-card bg-white p-6 text-center text-ink shadow-card">
              {t('statements.none')}
            </p>
          ) : (
            <ScrollRegion label={t('statements.tableCaption')}>
              <table className="w-full min-w-[60rem] text-sm">
                <caption className="sr-only">{t('statements.tableCaption')}</caption>
                <thead className="bg-brand-50 text-ink">
                  <tr>
                    {(['reference', 'date', 'pass', 'visit', 'collectedBy'] as const).map((key) => (
                      <th key={key} scope="col" className="px-3 py-2 text-start font-semibold">
                        {t(`statements.columns.${key}`)}
                      </th>
                    ))}
                    {amountKeys.map((key) => (
                      <th key={key} scope="col" className="px-3 py-2 text-end font-semibold">
                        {t(`statements.columns.${key}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.lines.map((line) => (
                    <tr key={line.bookingIds.join('-')} className="border-t border-brand-900/10">
                      {/* A party is one line: each of its references on a line of its own. */}
                      <th scope="row" className="px-3 py-2 text-start font-mono font-medium text-ink">
                        {line.references.map((reference) => (
                          <span key={reference} className="block">
                            {reference}
                          </span>
                        ))}
                      </th>
                      <td className="px-3 py-2 text-ink">
                        {dayLabel(line.date)} {line.time}
                      </td>
                      <td className="px-3 py-2 text-ink">
                        {line.quantity > 1
                          ? t('statements.passTimes', { pass: localized(line.pass), quantity: line.quantity })
                          : localized(line.pass)}
                      </td>
                      <td className="px-3 py-2 text-ink">{t(`statements.visit.${line.visit}`)}</td>
                      <td className="px-3 py-2 text-ink">{t(`statements.collected.${line.collectedBy}`)}</td>
                      {cells(line, line.commissionPercent)}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="border-t-2 border-brand-900/30 font-semibold">
                    <th scope="row" colSpan={5} className="px-3 py-2 text-start text-ink">
                      {t('total')}
                    </th>
                    {cells(data.totals)}
                  </tr>
                </tfoot>
              </table>
            </ScrollRegion>
          )}
        </section>
      )}
    </div>
  )
}
