import { type CSSProperties, useState } from 'react'
import { DayPicker } from 'react-day-picker'
import { ar, enGB } from 'react-day-picker/locale'
import 'react-day-picker/style.css'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate, type IsoDate, parseDisplayDate } from '../../../../shared/bahrain-time.ts'
import { Field, Input } from '../../../components/ui/field.tsx'

interface DateFieldProps {
  label: string
  value: IsoDate | undefined
  /** The earliest date that can be chosen (today in Bahrain). */
  min: IsoDate
  onChange(date: IsoDate | undefined): void
}

const calendarColours = {
  '--rdp-accent-color': 'var(--color-brand-700)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-today-color': 'var(--color-accent-500)',
} as CSSProperties

function toLocalDate(iso: IsoDate): Date {
  const [year, month, day] = iso.split('-').map(Number)
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1)
}

function fromLocalDate(date: Date): IsoDate {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

/** A date typed as dd/mm/yyyy or picked from a calendar; dates before `min` cannot be chosen. */
export function DateField({ label, value, min, onChange }: DateFieldProps) {
  const { t, i18n } = useTranslation('catalog')
  const [text, setText] = useState(value ? formatDisplayDate(value) : '')
  const [error, setError] = useState<string>()
  const [calendarOpen, setCalendarOpen] = useState(false)

  function accept(typed: string) {
    setText(typed)
    if (typed.length < 10) {
      setError(undefined)
      onChange(undefined)
      return
    }
    const iso = parseDisplayDate(typed)
    const problem = !iso ? t('dateInvalid') : iso < min ? t('datePast') : undefined
    setError(problem)
    onChange(problem ? undefined : iso)
  }

  return (
    <div className="space-y-2">
      <Field label={label} error={error} hint={t('dateHint')}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              dir="ltr"
              inputMode="numeric"
              autoComplete="off"
              placeholder="dd/mm/yyyy"
              maxLength={10}
              value={text}
              onChange={(event) => accept(event.target.value.replace(/[^\d/]/g, ''))}
            />
            <button
              type="button"
              aria-expanded={calendarOpen}
              onClick={() => setCalendarOpen((open) => !open)}
              className="shrink-0 rounded-xl border border-brand-900/20 px-3 text-sm font-semibold text-brand-900 hover:bg-brand-50"
            >
              {t('pickDate')}
            </button>
          </div>
        )}
      </Field>
      {calendarOpen && (
        <div className="rounded-xl border border-brand-900/10 p-2">
          <DayPicker
            mode="single"
            locale={i18n.language === 'ar' ? ar : enGB}
            dir={i18n.dir()}
            numerals="latn"
            // Bahrain's week starts on Sunday.
            weekStartsOn={0}
            style={calendarColours}
            selected={value ? toLocalDate(value) : undefined}
            defaultMonth={value ? toLocalDate(value) : toLocalDate(min)}
            startMonth={toLocalDate(min)}
            disabled={{ before: toLocalDate(min) }}
            onSelect={(date) => {
              if (!date) return
              const iso = fromLocalDate(date)
              setText(formatDisplayDate(iso))
              setError(undefined)
              onChange(iso)
              setCalendarOpen(false)
            }}
          />
        </div>
      )}
    </div>
  )
}
