import { type ComponentPropsWithRef, useState } from 'react'
import { DayPicker } from 'react-day-picker'
import { ar, enGB } from 'react-day-picker/locale'
import 'react-day-picker/style.css'
import { useTranslation } from 'react-i18next'
import { todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { Input } from '../../../components/ui/field.tsx'

/** Typing 14021995 shows 14/02/1995: slashes go in by themselves, ten characters at most. */
export function withSlashes(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8)
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/')
}

type Props = Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'value'> & {
  value: string
  onChange(value: string): void
}

/** A birthday typed as dd/mm/yyyy or picked from a calendar that cannot go past today. */
export function BirthdayInput({ value, onChange, ...props }: Props) {
  const { t, i18n } = useTranslation('accounts')
  const [open, setOpen] = useState(false)
  const [y, m, d] = todayInBahrain().split('-').map(Number)
  const today = new Date(y ?? 2000, (m ?? 1) - 1, d ?? 1)
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Input
          {...props}
          dir="ltr"
          inputMode="numeric"
          placeholder="dd/mm/yyyy"
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
        <div className="rounded-xl border border-brand-900/10 p-2">
          <DayPicker
            mode="single"
            captionLayout="dropdown"
            locale={i18n.language === 'ar' ? ar : enGB}
            dir={i18n.dir()}
            numerals="latn"
            weekStartsOn={0}
            startMonth={new Date(1920, 0)}
            endMonth={today}
            defaultMonth={new Date((y ?? 2000) - 25, 0)}
            disabled={{ after: today }}
            onSelect={(date) => {
              if (!date) return
              const pad = (n: number) => String(n).padStart(2, '0')
              onChange(`${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`)
              setOpen(false)
            }}
          />
        </div>
      )}
    </div>
  )
}
