import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { CartItem } from '../../../../shared/cart.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { useCheckoutText } from '../checkout-text.ts'
import type { Failure } from '../use-order-placement.ts'

/** Server refusals the visitor can do something about, so they are named next to the spec's message. */
const actionableCodes = [
  'ITEMS_UNAVAILABLE',
  'EMAIL_NOT_VERIFIED',
  'PAY_AT_VENUE_ONLY',
  'PAYMENT_DECLINED',
  'ORDER_NOT_PAYABLE',
]

/** The ITEMS_UNAVAILABLE answer's `items.<index>` fields, matched to the cart lines they are about. */
function unavailableLines(error: ApiError, items: CartItem[]) {
  return Object.entries(error.fields).flatMap(([field, reason]) => {
    const item = items[Number(field.split('.')[1])]
    return item && field.startsWith('items.') ? [{ item, reason }] : []
  })
}

/** The spec's message for a failed step, with the server's specific reason when it helps. */
export function FailureNotice({ failure, items }: { failure: Failure; items: CartItem[] }) {
  const { t, problem } = useCheckoutText()
  const error = failure.error instanceof ApiError ? failure.error : undefined
  const reason = error && actionableCodes.includes(error.code) ? t(`reasons.${error.code}`) : undefined
  const lines = error?.code === 'ITEMS_UNAVAILABLE' ? unavailableLines(error, items) : []
  return (
    <div
      role="alert"
      className="space-y-1 rounded-xl border border-accent-500/30 bg-accent-500/5 p-4 text-sm"
    >
      <p className="font-semibold text-accent-600">{t(`messages.${failure.message}`)}</p>
      {reason && <p className="text-ink">{reason}</p>}
      {lines.length > 0 && (
        <ul className="list-disc space-y-0.5 ps-5 text-ink">
          {lines.map(({ item, reason: why }) => (
            <li key={item.id}>
              {item.gymName} · <span dir="ltr">{formatDisplayDate(item.date)}</span>{' '}
              <span dir="ltr">{item.time}</span>: {problem(why)}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
