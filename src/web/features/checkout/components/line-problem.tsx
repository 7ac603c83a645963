import { useId, useState } from 'react'
import type { CartItem } from '../../../../shared/cart.ts'
import { capLineCodes, isCapCode } from '../../../../shared/checkout.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useAvailability } from '../../catalog/api.ts'
import { useCheckoutText } from '../checkout-text.ts'
import { retimable, type SummaryLine } from '../line-problems.ts'

/**
 * Why a line cannot be booked, said once, on the line itself (the checkout's summary and the
 * cart): the slot is full, or has `left` places, or the venue's cap. When another time the same
 * day would do, the visitor picks it here and the line moves to it.
 */
export function LineProblem({ line, onRetime }: { line: SummaryLine; onRetime?(time: string): void }) {
  const errorText = useErrorText()
  const { problem, limit, left, refused } = line
  if (!problem) return null
  // A cap named by the quote has the venue's number; the refused order's answer has none.
  const text =
    isCapCode(problem) && limit !== undefined
      ? errorText(capLineCodes[problem], { limit })
      : errorText(problem, { left: left ?? 0 })
  return (
    <div className="space-y-2">
      <p role={refused ? 'alert' : undefined} className="text-sm font-semibold text-accent-600">
        {text}
      </p>
      {onRetime && retimable(problem) && <LineTimePicker item={line.item} onPick={onRetime} />}
    </div>
  )
}

/**
 * "Choose another time": the same venue, pass and date, the hours that still have places for the
 * line's people (the availability the booking dialog reads).
 */
function LineTimePicker({ item, onPick }: { item: CartItem; onPick(time: string): void }) {
  const { t } = useCheckoutText()
  const [open, setOpen] = useState(false)
  const availability = useAvailability(item.gymId, open ? item.date : undefined)
  const id = useId()
  const times = (availability.data?.slots ?? []).filter(
    (slot) => slot.status === 'open' && slot.time !== item.time && slot.remaining >= item.quantity,
  )
  if (!open)
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {t('otherTime')}
      </Button>
    )
  return (
    <fieldset className="space-y-2 rounded-xl bg-sand-100 p-3">
      <legend id={id} className="float-start mb-1 w-full text-sm font-semibold text-ink">
        {t('otherTimeLegend', { count: item.quantity })}
      </legend>
      {availability.isPending ? (
        <p role="status" className="text-sm text-muted">
          {t('otherTimeLoading')}
        </p>
      ) : availability.isError ? (
        <p role="alert" className="text-sm text-accent-600">
          {t('otherTimeFailed')}
        </p>
      ) : times.length === 0 ? (
        <p className="text-sm text-ink">{t('otherTimeNone', { count: item.quantity })}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {times.map((slot) => (
            <li key={slot.time}>
              <button
                type="button"
                onClick={() => onPick(slot.time)}
                className="flex w-full flex-col items-center rounded-xl border border-brand-900/15 bg-white px-2 py-2 text-sm hover:border-brand-600 focus-visible:ring-3 focus-visible:ring-brand-300"
              >
                <span dir="ltr" className="font-semibold">
                  {slot.time}
                </span>
                <span className="text-[0.7rem] leading-tight text-muted">
                  {t('placesLeft', { count: slot.remaining })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  )
}
