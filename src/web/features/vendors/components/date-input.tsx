import { type ComponentPropsWithRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  formatDisplayDate,
  type IsoDate,
  isIsoDate,
  parseDisplayDate,
} from '../../../../shared/bahrain-time.ts'
import { Calendar } from '../../../components/ui/calendar.tsx'
import { Input } from '../../../components/ui/field.tsx'
import { withSlashes } from '../../../lib/date-text.ts'

type Props = Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'value'> & {
  /** yyyy-mm-dd once a real date is typed or picked; until then, the text as typed. */
  value: string
  onChange(value: string): void
  /** The earliest date the calendar offers. */
  min: IsoDate
  /** The calendar button's name, which says which date it picks. */
  pickLabel: string
}

/**
 * A date typed as dd/mm/yyyy (slashes go in by themselves) or picked from a calendar that starts at
 * `min`. The form gets yyyy-mm-dd, which the shared schema checks, so an impossible or past date
 * gets the schema's message like any other field.
 */
export function DateInput({ value, onChange, min, pickLabel, ...props }: Props) {
  const { t } = useTranslation()
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
          placeholder={t('ui.datePlaceholder', { ns: 'common' })}
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
        <Calendar
          selected={chosen}
          min={min}
          onSelect={(date) => {
            setText(formatDisplayDate(date))
            onChange(date)
            setOpen(false)
          }}
        />
      )}
    </div>
  )
}
