import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import type { TapResult } from '../../../../shared/checkout.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button, ButtonLink, Spinner } from '../../../components/ui/button.tsx'
import { SuccessPanel } from '../../../components/ui/success-panel.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useSession } from '../../accounts/api.ts'
import { useCart } from '../../cart/cart-context.tsx'
import { forgetHeldOffer, heldOfferFor } from '../../waitlist/held-offer.ts'
import { tapReturn } from '../api.ts'
import { linesOf, recordOrder } from '../checkout-attempt.ts'
import { useCheckoutText } from '../checkout-text.ts'
import { MoveToOrder } from '../components/booking-confirmed.tsx'
import { clearGuestDraft, readGuestDraft } from '../guest-draft.ts'
import { forgetVerifiedEmail } from '../use-email-verification.ts'

/** Tap's statuses the visitor is told about in their own words; any other final one is "did not go through". */
const stillOpen = new Set(['INITIATED', 'IN_PROGRESS', 'UNKNOWN'])

/**
 * Where Tap sends the visitor back from BENEFIT's (or the card) page: `tap_id` names the charge and
 * `t` is our signed token, which ends with the payment. The page only asks the server, which asks
 * Tap and answers the order's status alone: an account's paid order moves to its own page, a
 * guest's says the booking and its link are in their mail (the address opens nothing more), a
 * refused one says so plainly with a retry, and one Tap has not settled yet can be checked again.
 */
export function PaymentResultPage() {
  const { t } = useCheckoutText()
  const { orderId = '' } = useParams()
  const [search] = useSearchParams()
  const tapId = search.get('tap_id') ?? ''
  const token = search.get('t') ?? ''
  const cart = useCart()
  const session = useSession()
  const result = useQuery({
    queryKey: ['checkout', 'tap-return', orderId, tapId],
    queryFn: () => tapReturn(orderId, tapId, token),
    enabled: Boolean(orderId && tapId && token),
    retry: false,
    staleTime: 0,
  })
  // The checkout attempt learns the order's state: one that ended gets a new order on retry.
  const lines = linesOf(cart.items)
  const orderStatus = result.data?.status
  useEffect(() => {
    if (!orderId || !orderStatus || lines.length === 0) return
    recordOrder(lines, { id: orderId, status: orderStatus })
    if (orderStatus === 'confirmed') forgetHeldOffer()
  })
  const signedIn = session.status === 'signedIn'

  if (!tapId || !token) return <Notice title={t('result.errorTitle')} body={t('result.incomplete')} retryTo />
  if (result.isPending)
    return (
      <p role="status" className="container-page flex items-center justify-center gap-2 py-16 text-muted">
        <Spinner /> {t('result.checking')}
      </p>
    )
  if (result.error instanceof ApiError && result.error.code === 'PAYMENT_LINK_EXPIRED')
    return <Notice title={t('result.linkExpiredTitle')} body={t('result.linkExpired')} retryTo />
  if (result.isError || !result.data)
    return (
      <Notice title={t('result.errorTitle')} body={t('result.error')} onCheck={() => void result.refetch()} />
    )
  const placed = () => {
    cart.clear()
    clearGuestDraft()
    forgetVerifiedEmail()
  }
  if (result.data.status === 'confirmed') {
    if (signedIn)
      return (
        <MoveToOrder
          order={{ id: orderId, bookings: [] }}
          fresh
          email={session.user?.email}
          onPlaced={placed}
        />
      )
    return <GuestPaid onPlaced={placed} />
  }
  if (result.data.status === 'awaiting_payment' && stillOpen.has(result.data.paymentStatus))
    return (
      <Notice
        title={t('result.waitingTitle')}
        body={t('result.waiting')}
        onCheck={() => void result.refetch()}
        busy={result.isFetching}
        retryTo
      />
    )
  // A waiting list offer whose order failed to pay stands again, holding its places (docs/booking.md).
  const offerStands = result.data.status === 'payment_failed' && heldOfferFor(cart.items) !== undefined
  const body = failureText(t, result.data)
  return (
    <Notice
      title={t('result.failedTitle')}
      body={offerStands ? `${body} ${t('result.offerStands')}` : body}
      retryTo
      primaryRetry
    />
  )
}

type T = ReturnType<typeof useCheckoutText>['t']

function failureText(t: T, { status, paymentStatus, paymentMethod }: TapResult): string {
  const method = t(`method.${paymentMethod}`)
  // Paid after the order had ended, its places gone (or a wrong amount): the money goes back.
  if (paymentStatus === 'CAPTURED') return t('result.lateRefund')
  if (status === 'expired') return t('result.expired')
  if (paymentStatus === 'DECLINED' || paymentStatus === 'RESTRICTED') return t('result.declined', { method })
  if (paymentStatus === 'CANCELLED' || paymentStatus === 'ABANDONED') return t('result.cancelled')
  return t('result.failed', { status: paymentStatus })
}

/**
 * A guest's paid order: their booking and its link are in the confirmation mail, never on this
 * address, which a shared browser's history keeps (docs/security.md).
 */
function GuestPaid({ onPlaced }: { onPlaced(): void }) {
  const { t, isolated } = useCheckoutText()
  // Read before onPlaced clears the checkout's details, and kept for the page's life.
  const [email] = useState(() => readGuestDraft().email || undefined)
  const placed = useRef(onPlaced)
  placed.current = onPlaced
  useEffect(() => placed.current(), [])
  return (
    <SuccessPanel title={t('confirmedTitle')}>
      <p role="status" className="mt-3 text-ink">
        {email ? t('result.paidGuest', { email: isolated(email) }) : t('result.paidGuestNoEmail')}
      </p>
      <div className="mt-6 flex justify-center">
        <ButtonLink to={pagePath('home')} variant="secondary">
          {t('result.home')}
        </ButtonLink>
      </div>
    </SuccessPanel>
  )
}

function Notice({
  title,
  body,
  onCheck,
  busy,
  retryTo,
  primaryRetry,
}: {
  title: string
  body: string
  onCheck?: () => void
  busy?: boolean
  retryTo?: boolean
  primaryRetry?: boolean
}) {
  const { t } = useCheckoutText()
  return (
    <div className="container-page flex justify-center py-10 md:py-16">
      <section
        role="alert"
        aria-labelledby="payment-result-title"
        className="w-full max-w-xl rounded-card bg-white p-6 text-center shadow-card md:p-8"
      >
        <h1 id="payment-result-title" className="text-2xl font-bold text-brand-900">
          {title}
        </h1>
        <p className="mt-3 text-ink">{body}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {onCheck && (
            <Button variant={primaryRetry ? 'secondary' : 'primary'} busy={busy} onClick={onCheck}>
              {t('result.checkAgain')}
            </Button>
          )}
          {retryTo && (
            <ButtonLink to={pagePath('checkout')} variant={primaryRetry ? 'primary' : 'secondary'}>
              {primaryRetry ? t('result.retry') : t('result.backToCheckout')}
            </ButtonLink>
          )}
        </div>
      </section>
    </div>
  )
}
