import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useLocation, useNavigate } from 'react-router'
import { type GuestDetails, guestDetailsSchema, type OrderGuest } from '../../../../shared/checkout.ts'
import { formatBhd } from '../../../../shared/money.ts'
import { normalisePhone } from '../../../../shared/normalise/phone.ts'
import type { PaymentMethod } from '../../../../shared/payment-methods.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { BackLink } from '../../../components/ui/back-link.tsx'
import { ButtonLink } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useSession } from '../../accounts/api.ts'
import { useCart } from '../../cart/cart-context.tsx'
import { quoteQueryKey, usePaymentConfig, useQuote } from '../api.ts'
import { useConfirmedElsewhere } from '../checkout-attempt.ts'
import { useCheckoutText } from '../checkout-text.ts'
import { AlreadyBooked } from '../components/already-booked.tsx'
import { MoveToOrder } from '../components/booking-confirmed.tsx'
import { BookingSummary } from '../components/booking-summary.tsx'
import { GuestDetailsForm } from '../components/guest-details-form.tsx'
import { HeldPlaces } from '../components/held-places.tsx'
import { PaymentPanel } from '../components/payment-panel.tsx'
import { confirmedOnEntry } from '../confirmed-entry.ts'
import {
  clearGuestDraft,
  readGuestDraft,
  readPaymentChoice,
  saveGuestDraft,
  savePaymentChoice,
} from '../guest-draft.ts'
import { bookableTotalFils, pricedItems, summaryLines, withOrderRefusal } from '../line-problems.ts'
import type { BookingDetails } from '../review-state.ts'
import { forgetVerifiedEmail, rememberedEmail, useEmailVerification } from '../use-email-verification.ts'
import { useOrderPlacement } from '../use-order-placement.ts'

/** A draft without an address takes the one proved in this tab (the waiting list's join dialog). */
function withRememberedEmail(draft: GuestDetails): GuestDetails {
  return draft.email ? draft : { ...draft, email: rememberedEmail() ?? '' }
}

export function CheckoutPage() {
  const { t, language } = useCheckoutText()
  const cart = useCart()
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const quote = useQuote(cart.items)
  // Which card payments this site takes: PayPal, the labelled test mode, or none ('off').
  const paymentConfig = usePaymentConfig().data
  const cards = paymentConfig?.provider
  // BENEFIT and cards in BD through Tap: 'tap', its labelled test mode, or 'off' (hidden).
  const tap = paymentConfig?.tap
  const form = useForm<GuestDetails>({
    resolver: zodResolver(guestDetailsSchema),
    mode: 'onChange',
    defaultValues: withRememberedEmail(readGuestDraft()),
  })
  const email = useWatch({ control: form.control, name: 'email' })
  const verification = useEmailVerification(email, language)
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod>(readPaymentChoice)
  const placement = useOrderPlacement({
    items: cart.items,
    language,
    onFailure: (error) => {
      if (!(error instanceof ApiError)) return
      if (error.code === 'VERIFY_EMAIL_FIRST') verification.restart()
      if (error.code === 'CARD_PAYMENTS_OFF' || error.code === 'TAP_PAYMENTS_OFF')
        void queryClient.invalidateQueries({ queryKey: ['checkout', 'payment-config'] })
      if (
        [
          'ITEMS_UNAVAILABLE',
          'PAY_AT_VENUE_ONLY',
          'SLOT_CAP_EXCEEDED',
          'DAY_CAP_EXCEEDED',
          'PLACES_LEFT',
        ].includes(error.code)
      )
        void queryClient.invalidateQueries({ queryKey: quoteQueryKey })
    },
  })

  // What the guest types survives Back and a reload (sessionStorage); so do the payment choice and,
  // while valid, the e-mail proof (use-email-verification.ts).
  useEffect(() => {
    const subscription = form.watch((values) => saveGuestDraft(values))
    return () => subscription.unsubscribe()
  }, [form])

  const isGuest = session.status !== 'signedIn'
  const bookedElsewhere = useConfirmedElsewhere(cart.items)
  // Each line with the quote's word on it and, until the quote is asked again, the refused order's.
  const lines = withOrderRefusal(summaryLines(cart.items, quote.data), placement.failure?.error)
  const deadLines = lines.filter((line) => line.problem).length
  const bookable = Boolean(quote.data?.bookable) && deadLines === 0
  // What the lines still bookable come to: never "BD 0.000" for a cart whose lines are all refused.
  const totalFils = bookableTotalFils(lines)
  const total =
    totalFils === undefined ? undefined : totalFils === 0 && deadLines > 0 ? null : formatBhd(totalFils)
  // A refusal is about the cart as it was: a changed cart (another time, a line removed) is quoted afresh.
  const cartLines = JSON.stringify(cart.items)
  const resetFailure = placement.reset
  useEffect(() => {
    if (cartLines) resetFailure()
  }, [cartLines, resetFailure])
  const venueOnly = quote.data?.payAtVenueOnly ?? cart.items.some((item) => item.payAtVenueOnly)
  // A choice this site does not offer (cards or Tap off) falls back to the venue; so does every
  // choice for a venue that takes payment at reception only.
  const offered = (choice: PaymentMethod) =>
    choice === 'venue' || (choice === 'card' ? cards !== 'off' : tap !== 'off')
  const method: PaymentMethod = venueOnly || !offered(chosenMethod) ? 'venue' : chosenMethod
  const guestReady = form.formState.isValid && Boolean(verification.proof)
  const ready = session.status !== 'loading' && bookable && (!isGuest || guestReady)
  const blocker =
    deadLines > 0
      ? t('fixLines', { count: deadLines })
      : session.status === 'loading' || !bookable || !isGuest || guestReady
        ? undefined
        : form.formState.isValid
          ? t('verifyFirst')
          : t('completeDetails')

  function guest(): OrderGuest | undefined {
    if (!isGuest || !verification.proof) return undefined
    const values = form.getValues()
    return {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      // E.164, as the server stores it; the form is valid here, so the number parses.
      mobileNumber: normalisePhone(values.mobileNumber) ?? values.mobileNumber.trim(),
      proof: verification.proof,
    }
  }

  function confirmAtVenue() {
    const details = guest()
    if (!details) return void placement.confirm('venue')
    // A guest paying at the venue checks everything once more on the review page, which books.
    const { proof, ...guestDetails } = details
    const bookingDetails: BookingDetails = {
      items: pricedItems(lines),
      guestDetails,
      paymentMethod: 'venue',
      totalAmount: totalFils ?? 0,
      proof,
    }
    void navigate(pagePath('reviewBooking'), { state: { bookingDetails } })
  }

  // Booked: the page moves to the order's own page in place of itself, the cart emptied.
  const confirmed = placement.confirmed ?? confirmedOnEntry(location.state)
  if (confirmed) {
    return (
      <MoveToOrder
        order={confirmed}
        fresh={Boolean(placement.confirmed)}
        email={isGuest ? form.getValues('email') : session.user?.email}
        onPlaced={() => {
          cart.clear()
          clearGuestDraft()
          forgetVerifiedEmail()
        }}
      />
    )
  }
  // This cart was booked in another tab (which empties it here too, a moment later).
  if (bookedElsewhere)
    return <AlreadyBooked email={isGuest ? undefined : session.user?.email} signedIn={!isGuest} />

  return (
    <div className="container-page py-10">
      <BackLink to={pagePath('cart')} className="mb-4">
        {t('backToCart')}
      </BackLink>
      <h1 className="mb-6 text-3xl font-bold text-brand-900">{t('title')}</h1>
      {cart.items.length === 0 ? (
        <div className="rounded-card bg-white p-10 text-center shadow-card">
          <p className="mb-5 text-lg text-ink">{t('empty')}</p>
          <ButtonLink to={pagePath('gyms')}>{t('browse')}</ButtonLink>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
          <div className="min-w-0 space-y-6">
            {quote.data?.heldUntil && <HeldPlaces until={quote.data.heldUntil} />}
            <BookingSummary
              items={cart.items}
              lines={lines}
              quote={quote}
              onRetime={(item, time) => cart.retime(item.id, time)}
            />
            <section aria-labelledby="details-title" className="rounded-card bg-white p-5 shadow-card">
              <h2 id="details-title" className="mb-4 text-xl font-bold text-brand-900">
                {t('detailsTitle')}
              </h2>
              {session.status === 'loading' ? (
                <div className="h-24 animate-pulse rounded-xl bg-sand-100" aria-hidden="true" />
              ) : isGuest ? (
                <GuestDetailsForm form={form} verification={verification} />
              ) : (
                <p className="text-ink">
                  {t('bookingAs')}{' '}
                  {/* One isolate, in the name's own direction: a Latin name and its bracketed
                      address stay in order in an Arabic sentence. */}
                  <bdi>
                    <span className="font-semibold">
                      {session.user?.firstName} {session.user?.lastName}
                    </span>{' '}
                    (<span dir="ltr">{session.user?.email}</span>)
                  </bdi>
                </p>
              )}
            </section>
          </div>
          <div className="lg:sticky lg:top-24">
            <PaymentPanel
              method={method}
              onMethodChange={(next) => {
                setChosenMethod(next)
                savePaymentChoice(next)
              }}
              venueOnly={venueOnly}
              cards={cards}
              tap={tap}
              total={total}
              without={deadLines}
              ready={ready}
              blocker={blocker}
              placement={placement}
              items={cart.items}
              onConfirmVenue={confirmAtVenue}
              guest={guest}
            />
          </div>
        </div>
      )}
    </div>
  )
}
