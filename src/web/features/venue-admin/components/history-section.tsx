import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useVenueHistory } from '../api.ts'
import { hourRanges } from './schedule-parts.tsx'
import { EditorSection } from './section.tsx'

/** Internal names a person does not need: the photo's storage key, ids, bookkeeping flags. */
const hiddenFields = new Set(['key', 'photoId', 'uploaded', 'id'])
/** Entries whose before and after are too long to list: the action says enough. */
const summaryOnly = new Set(['venue.create', 'photo.reorder', 'pass.reorder'])

/** Each field a change touched, with its value before and after. */
function changedFields(before: unknown, after: unknown): string[] {
  const asRecord = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  return [...new Set([...Object.keys(asRecord(before)), ...Object.keys(asRecord(after))])]
}

/** Who changed what and when, newest first, with each value before → after. */
export function HistorySection({ venueId }: { venueId: string }) {
  const { t, i18n } = useTranslation('venue-admin')
  const history = useVenueHistory(venueId)
  const when = new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-BH-u-nu-latn' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bahrain',
  })
  const none = t('history.none')
  const midnight = t('history.midnight')
  const dayName = (day: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(
      Date.UTC(1970, 0, 4 + day),
    )
  const hoursText = (hours: number[]) =>
    hours.length === 0 ? t('history.closed') : hourRanges(hours, midnight)
  /** A week of hours as a person reads it: one line when every day is the same. */
  const weekText = (week: number[][]) => {
    const days = week.map(hoursText)
    return days.every((day) => day === days[0])
      ? `${t('history.everyDay')}: ${days[0]}`
      : days.map((day, index) => `${dayName(index)} ${day}`).join(' · ')
  }
  const money = useMoney()
  /** A value as one short line: prices in BD, statuses and yes/no in words, long text cut. */
  const shown = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return none
    if (typeof value === 'number' && field.endsWith('PriceFils')) return money(value)
    if (typeof value === 'boolean') return value ? t('history.yes') : t('history.no')
    if (field === 'type' && typeof value === 'string')
      return t(`passes.types.${value}`, { defaultValue: value })
    if (field === 'status' && typeof value === 'string') return t(`status.${value}`, { defaultValue: value })
    if (field === 'bookingNotices' && typeof value === 'string')
      return t(`notices.modes.${value}`, { defaultValue: value })
    if (field === 'noticeLanguage' && typeof value === 'string')
      return t(`notices.languages.${value}`, { defaultValue: value })
    if (field === 'archivedAt' && typeof value === 'string') return when.format(new Date(value))
    if (field === 'weeklyHours' && Array.isArray(value)) return weekText(value as number[][])
    if (field === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
      return formatDisplayDate(value)
    if (field === 'closedHours' && Array.isArray(value)) return value.length === 0 ? none : hoursText(value)
    if (Array.isArray(value)) return value.join(', ')
    if (typeof value === 'object') return JSON.stringify(value)
    const text = String(value)
    return text.length > 80 ? `${text.slice(0, 80)}…` : text
  }
  // Before, then after, in the reading direction.
  const arrow = i18n.language === 'ar' ? '←' : '→'

  return (
    <EditorSection id="venue-history" title={t('history.title')}>
      {history.isPending ? (
        <div aria-busy="true" className="h-16 animate-pulse rounded-xl bg-sand-200/70" />
      ) : history.isError ? (
        <p role="alert" className="text-accent-600">
          {t('history.loadFailed')}
        </p>
      ) : history.data.entries.length === 0 ? (
        <p className="text-muted">{t('history.empty')}</p>
      ) : (
        <ol className="divide-y divide-brand-900/10 text-sm">
          {history.data.entries.map((entry) => {
            const before = (entry.before ?? {}) as Record<string, unknown>
            const after = (entry.after ?? {}) as Record<string, unknown>
            return (
              <li key={entry.id} className="py-2.5">
                <p className="flex flex-wrap gap-x-2 text-muted">
                  <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
                  <span dir="ltr">{entry.actorEmail}</span>
                </p>
                <p className="font-semibold text-ink">
                  {t(`history.actions.${entry.action}`, { defaultValue: entry.action })}
                  {entry.entityType === 'pass' && (
                    <span className="ms-1 font-normal text-muted">({entry.entityId})</span>
                  )}
                </p>
                <ul className="mt-1 space-y-0.5">
                  {(summaryOnly.has(entry.action) ? [] : changedFields(entry.before, entry.after))
                    // A field empty before and after (a new pass's holiday price) says nothing.
                    .filter(
                      (field) =>
                        !hiddenFields.has(field) &&
                        shown(field, before[field]) !== shown(field, after[field]),
                    )
                    .map((field) => (
                      <li key={field} className="break-words">
                        <span className="font-medium">
                          {t(`history.fields.${field}`, { defaultValue: field })}
                        </span>
                        : <bdi>{shown(field, before[field])}</bdi> <span aria-hidden="true">{arrow}</span>{' '}
                        <bdi>{shown(field, after[field])}</bdi>
                      </li>
                    ))}
                </ul>
              </li>
            )
          })}
        </ol>
      )}
    </EditorSection>
  )
}
