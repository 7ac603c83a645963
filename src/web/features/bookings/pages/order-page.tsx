import { useLocation, useParams } from 'react-router'
import { useErrorText } from '../../../lib/error-text.ts'
import { useSession } from '../../accounts/api.ts'
import { BookingConfirmed, type JustPlaced } from '../../checkout/components/booking-confirmed.tsx'
import { useMyOrder } from '../api.ts'
import { BookingListSkeleton } from '../components/booking-list-skeleton.tsx'
import { ReceiptLink } from '../components/receipt-link.tsx'

/**
 * An account's order at its own address (docs/booking.md, "An order's own page"): the checkout
 * moves here once the order is confirmed, so Back, Forward and a reload show the confirmation,
 * read again from the server: each visit's ticket by party, a visit cancelled since marked so.
 */
export function OrderPage() {
  const { orderId = '' } = useParams()
  const errorText = useErrorText()
  const session = useSession()
  const order = useMyOrder(orderId)
  const justPlaced = Boolean((useLocation().state as JustPlaced | null)?.confirmed)
  if (order.isPending) {
    return (
      <div className="container-page max-w-xl py-10">
        <BookingListSkeleton />
      </div>
    )
  }
  if (order.isError)
    return (
      <div className="container-page max-w-xl py-10">
        <p role="alert" className="rounded-card bg-white p-6 text-ink shadow-card">
          {errorText.of(order.error)}
        </p>
      </div>
    )
  return (
    <>
      <BookingConfirmed order={order.data} email={session.user?.email} justPlaced={justPlaced} />
      <div className="container-page max-w-xl pb-10 text-center">
        <ReceiptLink owner={{ orderId }} />
      </div>
    </>
  )
}
