import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import type { Slot } from '../../../../shared/catalog-api.ts'

interface TimeSlotGridProps {
  slots: Slot[]
  value: string | undefined
  onChange(time: string): void
  /** A full slot can be chosen too, to join its waiting list (the booking dialog). */
  fullChoosable?: boolean
}

/**
 * The hourly slots as a radio group (arrow keys move, Space picks). Full and past slots are
 * disabled and say why (a full one stays choosable where its waiting list is offered); open ones
 * say how many places are left when few remain.
 */
export function TimeSlotGrid({ slots, value, onChange, fullChoosable = false }: TimeSlotGridProps) {
  const { t } = useTranslation('catalog')
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-ink">{t('time')}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {slots.map((slot) => {
          const waitable = fullChoosable && slot.status === 'full'
          const unavailable = slot.status !== 'open' && !waitable
          const note =
            slot.status === 'full'
              ? t('slotFull')
              : slot.status === 'past'
                ? t('slotPast')
                : slot.status === 'closed'
                  ? t('slotClosed')
                  : slot.remaining <= 3
                    ? t('slotFew', { count: slot.remaining })
                    : undefined
          return (
            <label
              key={slot.time}
              className={clsx(
                'relative flex cursor-pointer flex-col items-center rounded-xl border px-2 py-2 text-sm has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-300',
                unavailable
                  ? 'cursor-not-allowed border-dashed border-brand-900/15 bg-sand-100 text-muted/70 line-through decoration-1'
                  : waitable
                    ? value === slot.time
                      ? 'border-brand-700 bg-sand-200 font-semibold text-brand-900'
                      : 'border-dashed border-brand-900/25 bg-sand-100 text-ink hover:border-brand-600'
                    : value === slot.time
                      ? 'border-brand-700 bg-brand-800 font-semibold text-white'
                      : 'border-brand-900/15 bg-white hover:border-brand-600',
              )}
            >
              <input
                type="radio"
                name="slot"
                value={slot.time}
                checked={value === slot.time}
                disabled={unavailable}
                onChange={() => !unavailable && onChange(slot.time)}
                className="sr-only"
              />
              <span dir="ltr">{slot.time}</span>
              {note && <span className="text-[0.7rem] leading-tight no-underline">{note}</span>}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
