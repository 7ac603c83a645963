import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { todayInBahrain } from '../../../../shared/bahrain-time.ts'
import {
  presetRange,
  type ReportPreset,
  type ReportQuery,
  reportPresets,
  reportQuerySchema,
} from '../../../../shared/reports.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { reportCsvUrl, useReport } from '../api.ts'
import { BarChart, chartColors } from '../components/bar-chart.tsx'
import { FiguresTable, figureKeys } from '../components/figures-table.tsx'
import { useDayLabel } from '../components/use-day-label.ts'

/** The charts' value axes; defined once, so a chart is drawn again only when its figures change. */
const countText = (count: number) => String(count)
const wholeDinars = (fils: number) => (fils / 1000).toFixed(0)

const selectClasses =
  'block w-full rounded-xl border border-brand-900/20 bg-white px-3.5 py-2.5 text-base text-ink'

/**
 * Reports (docs/reports.md, canViewReports): a range of visit dates in Bahrain (this week, this month, last
 * month or any dates) and optionally one venue; the totals, bookings per day and revenue per venue
 * as charts, each with its table, and the same rows as CSV.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation('reports')
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const errorText = useErrorText()
  const localized = useLocalized()
  const money = useMoney()
  const dayLabel = useDayLabel()
  const [preset, setPreset] = useState<ReportPreset | undefined>('thisMonth')
  const [range, setRange] = useState(() => presetRange('thisMonth', todayInBahrain()))
  const [venue, setVenue] = useState('')
  const parsed = reportQuerySchema.safeParse({ ...range, ...(venue ? { venue } : {}) })
  const query: ReportQuery | undefined = parsed.success ? parsed.data : undefined
  const report = useReport(query)
  const data = report.data

  const dayChart = useMemo(
    () => ({
      categories: data?.days.map((day) => String(Number(day.date.slice(8)))) ?? [],
      series: [
        {
          label: t('figures.bookings'),
          values: data?.days.map((day) => day.bookings) ?? [],
          color: chartColors[0],
        },
      ],
    }),
    [data, t],
  )
  const venueChart = useMemo(
    () => ({
      categories: data?.byVenue.map((row) => row.name[language]) ?? [],
      series: [
        {
          label: t('figures.onlineFils'),
          values: data?.byVenue.map((row) => row.onlineFils) ?? [],
          color: chartColors[0],
        },
        {
          label: t('figures.atVenueFils'),
          values: data?.byVenue.map((row) => row.atVenueFils) ?? [],
          color: chartColors[1],
        },
      ],
    }),
    [data, language, t],
  )

  const choose = (next: ReportPreset) => {
    setPreset(next)
    setRange(presetRange(next, todayInBahrain()))
  }
  const setDate = (key: 'from' | 'to', value: string) => {
    setPreset(undefined)
    setRange((current) => ({ ...current, [key]: value }))
  }
  const rangeError = parsed.success ? undefined : parsed.error.issues[0]?.message

  return (
    <div className="container-page max-w-6xl space-y-8 py-8">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
        <p className="mt-1 text-muted">{t('lead')}</p>
        <p className="mt-2">
          <Link to={pagePath('adminStatements')} className="font-semibold text-brand-800 underline">
            {t('toStatements')}
          </Link>
        </p>
      </div>

      <section aria-labelledby="report-range" className="space-y-4 rounded-card bg-white p-5 shadow-card">
        <h2 id="report-range" className="text-lg font-semibold text-ink">
          {t('range')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {reportPresets.map((one) => (
            <Button
              key={one}
              variant={preset === one ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={preset === one}
              onClick={() => choose(one)}
            >
              {t(`presets.${one}`)}
            </Button>
          ))}
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={t('from')}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={range.from}
                onChange={(event) => setDate('from', event.target.value)}
              />
            )}
          </Field>
          <Field label={t('to')} error={errorText(rangeError)}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={range.to}
                onChange={(event) => setDate('to', event.target.value)}
              />
            )}
          </Field>
          <Field label={t('venue')}>
            {(control) => (
              <select
                {...control}
                value={venue}
                onChange={(event) => setVenue(event.target.value)}
                className={selectClasses}
              >
                <option value="">{t('allVenues')}</option>
                {data?.venues.map((one) => (
                  <option key={one.id} value={one.id}>
                    {localized(one.name)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {query && (
          <a href={reportCsvUrl(query)} download className={buttonClasses('secondary', 'sm')}>
            {t('downloadCsv')}
          </a>
        )}
      </section>

      {report.isError ? (
        <div role="alert" className="rounded-card bg-white p-6 text-center shadow-card">
          <p className="mb-4 text-ink">{errorText.of(report.error, t('loadFailed'))}</p>
          <Button busy={report.isFetching} onClick={() => void report.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !data ? (
        <p role="status" aria-busy="true" className="h-48 animate-pulse rounded-card bg-sand-200/70">
          <span className="sr-only">{t('loading')}</span>
        </p>
      ) : (
        <>
          <section aria-labelledby="report-totals">
            <h2 id="report-totals" className="mb-3 text-xl font-semibold text-ink">
              {t('totals', { from: dayLabel(data.from), to: dayLabel(data.to) })}
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {figureKeys.map((key) => (
                <div key={key} className="rounded-card bg-white p-4 shadow-card">
                  <dt className="text-sm text-muted">{t(`figures.${key}`)}</dt>
                  <dd className="mt-1 text-xl font-bold tabular-nums text-ink" data-figure={key}>
                    {key.endsWith('Fils') ? money(data.totals[key]) : data.totals[key]}
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="bookings-per-day" className="space-y-4">
            <h2 id="bookings-per-day" className="text-xl font-semibold text-ink">
              {t('bookingsPerDay')}
            </h2>
            <div className="rounded-card bg-white p-4 shadow-card">
              <BarChart label={t('bookingsChartLabel')} {...dayChart} formatValue={countText} />
            </div>
            <FiguresTable
              caption={t('byDayCaption')}
              heading={t('day')}
              rows={data.days.map((day) => ({ ...day, key: day.date, label: dayLabel(day.date) }))}
              totals={data.totals}
            />
          </section>

          <section aria-labelledby="revenue-per-venue" className="space-y-4">
            <h2 id="revenue-per-venue" className="text-xl font-semibold text-ink">
              {t('revenuePerVenue')}
            </h2>
            {data.byVenue.length === 0 ? (
              <p className="rounded-card bg-white p-6 text-center text-ink shadow-card">{t('noVisits')}</p>
            ) : (
              <>
                <div className="rounded-card bg-white p-4 shadow-card">
                  <BarChart
                    label={t('revenueChartLabel')}
                    {...venueChart}
                    formatValue={wholeDinars}
                    step={1000}
                    height={300}
                  />
                </div>
                <FiguresTable
                  caption={t('byVenueCaption')}
                  heading={t('venue')}
                  rows={data.byVenue.map((row) => ({ ...row, key: row.venueId, label: localized(row.name) }))}
                  totals={data.totals}
                />
              </>
            )}
          </section>
        </>
      )}
    </div>
  )
}
