import { useTranslation } from 'react-i18next'
import { hourLabel } from '../../../../shared/catalog.ts'
import { hoursBetween, selectClasses } from './schedule-parts.tsx'

/**
 * One unbroken range of hours as a from/until pair of native selects (a day's opening hours, or the
 * hours a closure takes): a phone's pickers and the keyboard both work. Moving one end keeps the
 * range at least an hour long. With `noRange`, the first select also offers "none" (its label),
 * which empties the range and disables the second.
 */
export function HourRangeSelects({
  from,
  until,
  onChange,
  fromLabel,
  untilLabel,
  noRange,
  invalid,
}: {
  from: number | undefined
  until: number | undefined
  onChange(hours: number[]): void
  fromLabel: string
  untilLabel: string
  noRange?: string
  invalid?: boolean
}) {
  const { t } = useTranslation('venue-schedule')
  return (
    <>
      <label className="block text-sm">
        <span className="mb-1 block font-semibold">{fromLabel}</span>
        <select
          className={selectClasses}
          value={from ?? ''}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            if (event.target.value === '') return onChange([])
            const opens = Number(event.target.value)
            onChange(hoursBetween(opens, Math.max(until ?? 0, opens + 1)))
          }}
        >
          {noRange !== undefined && <option value="">{noRange}</option>}
          {hoursBetween(0, 24).map((hour) => (
            <option key={hour} value={hour}>
              {hourLabel(hour)}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm">
        <span className="mb-1 block font-semibold">{untilLabel}</span>
        <select
          className={selectClasses}
          value={until ?? ''}
          disabled={from === undefined}
          onChange={(event) => {
            const closes = Number(event.target.value)
            onChange(hoursBetween(Math.min(from ?? closes - 1, closes - 1), closes))
          }}
        >
          {from === undefined && <option value="">—</option>}
          {hoursBetween(1, 25).map((hour) => (
            <option key={hour} value={hour}>
              {hour === 24 ? t('midnight') : hourLabel(hour)}
            </option>
          ))}
        </select>
      </label>
    </>
  )
}
