import { Link, Navigate, useLocation } from 'react-router'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { Order } from '../../../../shared/checkout.ts'
import { formatPhone } from '../../../../shared/normalise/phone.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { BackLink } from '../../../components/ui/back-link.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useCart } from '../../cart/cart-context.tsx'
import { useCartNames } from '../../cart/cart-names.ts'
import { linePrice, PassForParty } from '../../cart/party-line.tsx'
import { useConfirmedElsewhere } from '../checkout-attempt.ts'
import { useCheckoutText } from '../checkout-text.ts'
import { AlreadyBooked } from '../components/already-booked.tsx'
import { MoveToOrder } from '../components/booking-confirmed.tsx'
import { FailureNotice } from '../components/failure-notice.tsx'
import { LineProblem } from '../components/line-problem.tsx'
import { confirmedOnEntry } from '../confirmed-entry.ts'
import { clearGuestDraft } from '../guest-draft.ts'
import { isLineRefusal, summaryLines, withOrderRefusal } from '../line-problems.ts'
import { type BookingDetails, readBookingDetails } from '../review-state.ts'
import { forgetVerifiedEmail } from '../use-email-verification.ts'
import { useOrderPlacement } from '../use-order-placement.ts'

/**
 * A guest paying at the venue checks the booking here before it is made. Once made, the page moves
 * to the order's own page in place of itself: coming back shows the order, never the button again.
 */
export function ReviewBookingPage() {
  const location = useLocation()
  const details = readBookingDetails(location.state)
  if (!details) return <Navigate to={pagePath('cart')} replace />
  return <Review details={details} kept={confirmedOnEntry(location.state)} />
}

function Review({ details, kept }: { details: BookingDetails; kept: Order | undefined }) {
  const { t, isolated, language } = useCheckoutText()
  const money = useMoney()
  const cart = useCart()
  const { guestDetails: guest } = details
  const namesOf = useCartNames(details.items)
  const placement = useOrderPlacement({
    items: details.items,
    language,
    onFailure: (error) => {
      // The proof expired: the checkout page must not offer it again.
      if (error instanceof ApiError && error.code === 'VERIFY_EMAIL_FIRST') forgetVerifiedEmail()
    },
  })
  const failure = placement.failure
  const proofExpired = failure?.error instanceof ApiError && failure.error.code === 'VERIFY_EMAIL_FIRST'
  // A slot filled since the checkout: each refused line says why, once, and the checkout offers
  // another time for it.
  const refusedLines = isLineRefusal(failure?.error)
    ? withOrderRefusal(summaryLines(details.items, undefined), failure?.error)
    : undefined
  const bookedElsewhere = useConfirmedElsewhere(details.items)

  const confirmed = placement.confirmed ?? kept
  if (confirmed) {
    return (
      <MoveToOrder
        order={confirmed}
        fresh={Boolean(placement.confirmed)}
        email={guest.email}
        onPlaced={() => {
          cart.clear()
          clearGuestDraft()
          forgetVerifiedEmail()
        }}
      />
    )
  }
  // Booked in another tab, or by this one before the page was left: its confirmation is there.
  if (bookedElsewhere) return <AlreadyBooked email={guest.email} signedIn={false} />

  const row = (label: string, value: string, ltr = false) => (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
      <dt className="text-sm font-semibold text-muted sm:w-40">{label}</dt>
      <dd className="text-ink" dir={ltr ? 'ltr' : undefined}>
        {value}
      </dd>
    </div>
  )

  return (
    <div className="container-page max-w-3xl space-y-6 py-10">
      <BackLink to={pagePath('checkout')}>{t('review.back')}</BackLink>
      <h1 className="text-3xl font-bold text-brand-900">{t('review.title')}</h1>

      <section aria-labelledby="guest-title" className="rounded-card bg-white p-5 shadow-card">
        <h2 id="guest-title" className="mb-2 text-xl font-bold text-brand-900">
          {t('review.guestTitle')}
        </h2>
        <dl className="divide-y divide-brand-900/10">
          {row(t('review.name'), `${guest.firstName} ${guest.lastName}`)}
          {row(t('review.email'), guest.email, true)}
          {row(t('review.mobile'), formatPhone(guest.mobileNumber), true)}
          {row(
            t('review.paymentMethod'),
            details.paymentMethod === 'venue' ? t('review.payAtVenue') : t('review.payOnline'),
          )}
        </dl>
      </section>

      <section aria-labelledby="items-title" className="rounded-card bg-white shadow-card">
        <h2 id="items-title" className="px-5 pt-5 text-xl font-bold text-brand-900">
          {t('review.itemsTitle')}
        </h2>
        <ul className="divide-y divide-brand-900/10">
          {details.items.map((item, index) => (
            <li key={item.id} className="flex flex-col gap-2 p-5 sm:flex-row sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="font-bold text-brand-900">{namesOf(item).venue}</p>
                <p className="text-sm text-ink">
                  <PassForParty pass={namesOf(item).pass} quantity={item.quantity} />
                </p>
                <p className="text-sm text-muted">
                  <span dir="ltr">{formatDisplayDate(item.date)}</span> · <span dir="ltr">{item.time}</span>
                </p>
                {refusedLines?.[index] && <LineProblem line={refusedLines[index]} />}
              </div>
              <p className="shrink-0 text-lg font-bold text-brand-800" dir="auto">
                {money(linePrice(item.passPrice, item.quantity))}
              </p>
            </li>
          ))}
        </ul>
        <div className="flex items-center justify-between rounded-b-card bg-brand-900 px-5 py-4 text-white">
          <span className="font-semibold">{t('total')}</span>
          <span className="text-2xl font-bold" dir="auto">
            {money(details.totalAmount)}
          </span>
        </div>
      </section>

      {proofExpired ? (
        <div role="alert" className="rounded-xl border border-accent-500/30 bg-accent-500/5 p-4 text-sm">
          <p className="font-semibold text-accent-600">{t('review.proofExpired')}</p>
          <Link
            to={pagePath('checkout')}
            className="mt-1 inline-block font-semibold text-brand-700 hover:underline"
          >
            {t('review.verifyAgain')}
          </Link>
        </div>
      ) : (
        failure &&
        (refusedLines ? (
          <p className="rounded-xl bg-sand-100 p-4 text-sm text-ink">
            {t('notBookable')}{' '}
            <Link to={pagePath('checkout')} className="font-semibold text-brand-700 hover:underline">
              {t('review.chooseAgain')}
            </Link>
          </p>
        ) : (
          <FailureNotice failure={failure} items={details.items} />
        ))
      )}

      <div className="space-y-3">
        <Button
          size="lg"
          variant="accent"
          className="w-full"
          busy={placement.busy}
          disabled={proofExpired || Boolean(refusedLines)}
          onClick={() => void placement.confirm(details.paymentMethod, { ...guest, proof: details.proof })}
        >
          {t('review.submit')}
        </Button>
        <p className="text-center text-sm text-muted">{t('review.note', { email: isolated(guest.email) })}</p>
      </div>
    </div>
  )
}
