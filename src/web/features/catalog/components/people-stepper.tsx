import { type KeyboardEvent, useId } from 'react'
import { useTranslation } from 'react-i18next'

interface PeopleStepperProps {
  value: number
  /** The most people: the places left at the chosen time and the venue's cap on one booking. */
  max: number
  onChange(value: number): void
}

const stepButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full border border-brand-900/15 bg-white text-xl font-bold text-brand-800 hover:border-brand-600 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-300 disabled:cursor-not-allowed disabled:opacity-40'

/**
 * How many people, from 1 to `max`: a spin button (arrow keys, Page Up/Down, Home and End, as
 * screen readers announce it: "People, 3 people") between − and + buttons big enough for a thumb.
 */
export function PeopleStepper({ value, max, onChange }: PeopleStepperProps) {
  const { t } = useTranslation('catalog')
  const { t: common } = useTranslation()
  const labelId = useId()
  const most = Math.max(1, max)
  const set = (next: number) => {
    const bounded = Math.min(most, Math.max(1, next))
    if (bounded !== value) onChange(bounded)
  }
  const keys: Record<string, () => void> = {
    ArrowUp: () => set(value + 1),
    ArrowDown: () => set(value - 1),
    PageUp: () => set(value + 5),
    PageDown: () => set(value - 5),
    Home: () => set(1),
    End: () => set(most),
  }
  function onKeyDown(event: KeyboardEvent) {
    const step = keys[event.key]
    if (!step) return
    event.preventDefault()
    step()
  }

  return (
    <div className="flex items-center justify-between gap-3">
      <span id={labelId} className="text-sm font-semibold text-ink">
        {t('people')}
      </span>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={stepButton}
          aria-label={t('fewerPeople')}
          disabled={value <= 1}
          onClick={() => set(value - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        {/* The WAI-ARIA spin button rather than a number field, which takes letters and brings up a keyboard. */}
        <div
          role="spinbutton"
          tabIndex={0}
          aria-labelledby={labelId}
          aria-valuenow={value}
          aria-valuemin={1}
          aria-valuemax={most}
          aria-valuetext={common('party.people', { count: value })}
          onKeyDown={onKeyDown}
          className="min-w-10 rounded-lg px-2 py-1 text-center text-lg font-bold text-brand-900 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-300"
        >
          {value}
        </div>
        <button
          type="button"
          className={stepButton}
          aria-label={t('morePeople')}
          disabled={value >= most}
          onClick={() => set(value + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  )
}
