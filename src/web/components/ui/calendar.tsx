import type { CSSProperties } from 'react'
import { DayPicker } from 'react-day-picker'
import { ar, enGB } from 'react-day-picker/locale'
import 'react-day-picker/style.css'
import { useTranslation } from 'react-i18next'
import type { IsoDate } from '../../../shared/bahrain-time.ts'

const brandColours = {
  '--rdp-accent-color': 'var(--color-brand-700)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-today-color': 'var(--color-accent-500)',
} as CSSProperties

/** The calendar works in the browser's local dates; ours are plain yyyy-mm-dd days. */
function toLocalDate(iso: IsoDate): Date {
  const [year, month, day] = iso.split('-').map(Number)
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1)
}

function fromLocalDate(date: Date): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

interface CalendarProps {
  selected?: IsoDate | undefined
  /** The first and last days that can be picked. */
  min?: IsoDate
  max?: IsoDate
  /** The month shown when nothing is selected; else the selected one, or the first allowed. */
  defaultMonth?: IsoDate
  /** Month and year as dropdowns, for days far away (a birthday). */
  dropdowns?: boolean
  onSelect(date: IsoDate): void
}

/**
 * A month calendar in the visitor's language, mirrored in Arabic, with weeks starting on Sunday as
 * in Bahrain and Western digits to match the dd/mm/yyyy fields beside it.
 */
export function Calendar({ selected, min, max, defaultMonth, dropdowns = false, onSelect }: CalendarProps) {
  const { i18n } = useTranslation()
  const shown = selected && (!min || selected >= min) ? selected : (defaultMonth ?? min ?? max)
  return (
    <div className="rounded-xl border border-brand-900/10 p-2">
      <DayPicker
        mode="single"
        captionLayout={dropdowns ? 'dropdown' : 'label'}
        locale={i18n.language === 'ar' ? ar : enGB}
        dir={i18n.dir()}
        numerals="latn"
        weekStartsOn={0}
        style={brandColours}
        selected={selected ? toLocalDate(selected) : undefined}
        defaultMonth={shown ? toLocalDate(shown) : undefined}
        startMonth={min ? toLocalDate(min) : new Date(1920, 0)}
        endMonth={max ? toLocalDate(max) : undefined}
        disabled={[
          ...(min ? [{ before: toLocalDate(min) }] : []),
          ...(max ? [{ after: toLocalDate(max) }] : []),
        ]}
        onSelect={(date) => {
          if (date) onSelect(fromLocalDate(date))
        }}
      />
    </div>
  )
}
