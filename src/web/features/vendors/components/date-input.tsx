import { type ComponentPropsWithRef, type CSSProperties, useState } from 'react'
import { DayPicker } from 'react-day-picker'
import { ar, enGB } from 'react-day-picker/locale'
import 'react-day-picker/style.css'
import { useTranslation } from 'react-i18next'
import {
  formatDisplayDate,
  type IsoDate,
  isIsoDate,
  parseDisplayDate,
} from '../../../../shared/bahrain-time.ts'
import { Input } from '../../../components/ui/field.tsx'
import { withSlashes } from '../../accounts/components/birthday-input.tsx'

type Props = Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'value'> & {
  /** yyyy-mm-dd once a real date is typed or picked; until then, the text as typed. */
  value: string
  onChange(value: string): void
  /** The earliest date the calendar offers. */
  min: IsoDate
  /** The calendar button's name, which says which date it picks. */
  pickLabel: string
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
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * A date typed as dd/mm/yyyy (slashes go in by themselves) or picked from a calendar that starts at
 * `min`. The form gets yyyy-mm-dd, which the shared schema checks, so an impossible or past date
 * gets the schema's message like any other field.
 */
export function DateInput({ value, onChange, min, pickLabel, ...props }: Props) {
  const { i18n } = useTranslation()
  const [text, setText] = useState(isIsoDate(value) ? formatDisplayDate(value) : value)
  const [open, setOpen] = useState(false)
  const chosen = isIsoDate(value) ? value : undefined

  function type(typed: string) {
    const shown = withSlashes(typed)
    setText(shown)
    onChange(parseDisplayDate(shown) ?? shown)
  }

  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Input
          {...props}
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/mm/yyyy"
          maxLength={10}
          value={text}
          onChange={(event) => type(event.target.value)}
        />
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((shown) => !shown)}
          className="shrink-0 rounded-xl border border-brand-900/20 px-3 text-sm font-semibold text-brand-900 hover:bg-brand-50"
        >
          <span className="sr-only">{pickLabel}</span>
          <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
            <rect
              x="3"
              y="4.5"
              width="14"
              height="12.5"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
            <path d="M3 8.5h14M7 3v3M13 3v3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {open && (
        <div className="rounded-xl border border-brand-900/10 p-2">
          <DayPicker
            mode="single"
            locale={i18n.language === 'ar' ? ar : enGB}
            dir={i18n.dir()}
            numerals="latn"
            // Bahrain's week starts on Sunday.
            weekStartsOn={0}
            style={calendarColours}
            selected={chosen ? toLocalDate(chosen) : undefined}
            defaultMonth={toLocalDate(chosen && chosen >= min ? chosen : min)}
            startMonth={toLocalDate(min)}
            disabled={{ before: toLocalDate(min) }}
            onSelect={(date) => {
              if (!date) return
              const iso = fromLocalDate(date)
              setText(formatDisplayDate(iso))
              onChange(iso)
              setOpen(false)
            }}
          />
        </div>
      )}
    </div>
  )
}
