import { type ComponentPropsWithRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addDays, formatDisplayDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { Calendar } from '../../../components/ui/calendar.tsx'
import { Input } from '../../../components/ui/field.tsx'
import { withSlashes } from '../../../lib/date-text.ts'

type Props = Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'value'> & {
  value: string
  onChange(value: string): void
}

/** A birthday typed as dd/mm/yyyy or picked from a calendar that cannot go past today. */
export function BirthdayInput({ value, onChange, ...props }: Props) {
  const { t } = useTranslation('accounts')
  const [open, setOpen] = useState(false)
  const today = todayInBahrain()
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Input
          {...props}
          dir="ltr"
          inputMode="numeric"
          placeholder={t('ui.datePlaceholder', { ns: 'common' })}
          maxLength={10}
          value={value}
          onChange={(event) => onChange(withSlashes(event.target.value))}
        />
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((shown) => !shown)}
          className="shrink-0 rounded-xl border border-brand-900/20 px-3 text-sm font-semibold text-brand-900 hover:bg-brand-50"
        >
          {t('pickBirthday')}
        </button>
      </div>
      {open && (
        <Calendar
          dropdowns
          max={today}
          // Most people booking are adults: open on a year a grown-up was born in.
          defaultMonth={addDays(today, -25 * 365)}
          onSelect={(date) => {
            onChange(formatDisplayDate(date))
            setOpen(false)
          }}
        />
      )}
    </div>
  )
}
