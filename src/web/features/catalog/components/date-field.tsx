import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate, type IsoDate, parseDisplayDate } from '../../../../shared/bahrain-time.ts'
import { westernDigits } from '../../../../shared/normalise/digits.ts'
import { Calendar } from '../../../components/ui/calendar.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'

interface DateFieldProps {
  label: string
  value: IsoDate | undefined
  /** The earliest date that can be chosen (today in Bahrain). */
  min: IsoDate
  /** The dates the venue sells visits on; the others cannot be chosen either. */
  sale?: { from: IsoDate | null; until: IsoDate | null }
  onChange(date: IsoDate | undefined): void
}

/** A date typed as dd/mm/yyyy or picked from a calendar; dates before `min` or off sale cannot be chosen. */
export function DateField({ label, value, min, sale, onChange }: DateFieldProps) {
  const { t } = useTranslation('catalog')
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
    check(typed)
  }

  function check(typed: string) {
    const iso = parseDisplayDate(padDayAndMonth(typed))
    const offSale = (iso: IsoDate) =>
      Boolean((sale?.from && iso < sale.from) || (sale?.until && iso > sale.until))
    const problem = !iso
      ? t('dateInvalid')
      : iso < min
        ? t('datePast')
        : offSale(iso)
          ? t('dateNotSold')
          : undefined
    setError(problem)
    onChange(problem ? undefined : iso)
    if (iso && !problem) setText(formatDisplayDate(iso))
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
              placeholder={t('ui.datePlaceholder', { ns: 'common' })}
              maxLength={10}
              value={text}
              onChange={(event) => accept(westernDigits(event.target.value).replace(/[^\d/]/g, ''))}
              // Leaving the field with something that is not a date says so, rather than nothing.
              onBlur={() => text && text !== (value ? formatDisplayDate(value) : '') && check(text)}
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
        <Calendar
          selected={value}
          min={sale?.from && sale.from > min ? sale.from : min}
          max={sale?.until ?? undefined}
          onSelect={(date) => {
            setText(formatDisplayDate(date))
            setError(undefined)
            onChange(date)
            setCalendarOpen(false)
          }}
        />
      )}
    </div>
  )
}

/** "1/2/2026" is read as 01/02/2026: people type single digits. */
function padDayAndMonth(typed: string) {
  return typed.replace(/^(\d)\//, '0$1/').replace(/^(\d{2})\/(\d)\//, '$1/0$2/')
}
