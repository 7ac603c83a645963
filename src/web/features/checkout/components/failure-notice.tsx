import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { CartItem } from '../../../../shared/cart.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useCartNames } from '../../cart/cart-names.ts'
import type { Failure } from '../use-order-placement.ts'

/** Server refusals the visitor can do something about, so they are named next to the spec's message. */
const actionableCodes = [
  'ITEMS_UNAVAILABLE',
  'VERIFY_EMAIL_FIRST',
  'PAY_AT_VENUE_ONLY',
  'CARD_PAYMENTS_OFF',
  'TAP_PAYMENTS_OFF',
  'PAYMENT_DECLINED',
  'ORDER_NOT_PAYABLE',
  'SLOT_CAP_EXCEEDED',
  'DAY_CAP_EXCEEDED',
  'PLACES_LEFT',
  // Sent again with other details after an answer that never arrived: the booking may be made.
  'IDEMPOTENCY_KEY_REUSED',
]

/** Refusals whose `items.<index>` fields name the cart lines they are about. */
const lineCodes = ['ITEMS_UNAVAILABLE', 'SLOT_CAP_EXCEEDED', 'DAY_CAP_EXCEEDED', 'PLACES_LEFT']

/** A refusal's `items.<index>` fields, matched to the cart lines they are about. */
function unavailableLines(error: ApiError, items: CartItem[]) {
  return Object.entries(error.fields).flatMap(([field, reason]) => {
    const item = items[Number(field.split('.')[1])]
    return item && field.startsWith('items.') ? [{ item, reason }] : []
  })
}

/** The spec's message for a failed step, with the server's specific reason when it helps. */
export function FailureNotice({ failure, items }: { failure: Failure; items: CartItem[] }) {
  const errorText = useErrorText()
  const namesOf = useCartNames(items)
  const error = failure.error instanceof ApiError ? failure.error : undefined
  // PLACES_LEFT names the places left from its params.
  const reason =
    error && actionableCodes.includes(error.code) ? errorText(error.code, error.params) : undefined
  const lines = error && lineCodes.includes(error.code) ? unavailableLines(error, items) : []
  // A cap's or the places' reason above already says why, with the number a line would need.
  const perLine = error?.code === 'ITEMS_UNAVAILABLE'
  return (
    <div
      role="alert"
      className="space-y-1 rounded-xl border border-accent-500/30 bg-accent-500/5 p-4 text-sm"
    >
      <p className="font-semibold text-accent-600">{errorText(failure.message)}</p>
      {reason && <p className="text-ink">{reason}</p>}
      {lines.length > 0 && (
        <ul className="list-disc space-y-0.5 ps-5 text-ink">
          {lines.map(({ item, reason: why }) => (
            <li key={item.id}>
              {namesOf(item).venue} · <span dir="ltr">{formatDisplayDate(item.date)}</span>{' '}
              <span dir="ltr">{item.time}</span>
              {perLine && <>: {errorText(why)}</>}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
