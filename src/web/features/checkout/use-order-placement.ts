import { useCallback, useEffect, useRef, useState } from 'react'
import type { CartItem } from '../../../shared/cart.ts'
import type { Order, OrderGuest } from '../../../shared/checkout.ts'
import type { ErrorCode } from '../../../shared/errors.ts'
import type { Language } from '../../../shared/i18n.ts'
import type { PaymentMethod, TapMethod } from '../../../shared/payment-methods.ts'
import { forgetHeldOffer, heldOfferFor } from '../waitlist/held-offer.ts'
import { capturePayment, createOrder, orderLinesOf, startPayment, startRedirectPayment } from './api.ts'
import { keyFor, linesOf, recordOrder } from './checkout-attempt.ts'

/** A failed step: which of the spec's messages to show, and the error behind it (for its specific reason). */
export interface Failure {
  message: Extract<ErrorCode, 'BOOKING_FAILED' | 'PAYMENT_UNAVAILABLE' | 'WIDGET_FAILED' | 'VENUE_FAILED'>
  error: unknown
}

interface Options {
  items: CartItem[]
  language: Language
  /** Told of every failure, so the page can re-quote or ask for a fresh e-mail check. */
  onFailure?(error: unknown): void
}

/**
 * Places an order: at the venue in one call, or by card in three (create the order, open the
 * payment at the provider, capture it once the payer approves). Each order request carries the
 * Idempotency-Key of the checkout attempt (checkout-attempt.ts), so a double click, a retry after a
 * lost answer, Back, a reload or a second tab gets the first order back instead of a second one.
 */
export function useOrderPlacement({ items, language, onFailure }: Options) {
  const [confirmed, setConfirmed] = useState<{ order: Order; lines: string[] }>()
  const [failure, setFailure] = useState<Failure>()
  const [busy, setBusy] = useState(false)
  const payment = useRef<{ orderId: string; proof: string | undefined }>(null)

  const lines = linesOf(items)

  function fail(message: Failure['message'], error: unknown) {
    setFailure({ message, error })
    onFailure?.(error)
  }

  function succeed(order: Order) {
    setConfirmed({ order, lines })
  }

  // The order is final: as the page moves to the order's own page, the attempt tells every tab.
  // (Told before, this page would hear it too, as "booked elsewhere".)
  const told = useRef<Order>(undefined)
  useEffect(() => {
    if (!confirmed || told.current === confirmed.order) return
    told.current = confirmed.order
    recordOrder(confirmed.lines, confirmed.order)
    // The waiting list offer the order booked is used: a later order takes free places again.
    forgetHeldOffer()
  })

  async function order(paymentMethod: PaymentMethod, guest: OrderGuest | undefined) {
    // A waiting list offer being booked (waitlist/held-offer.ts) books its held places for its line.
    const waitlistOffer = heldOfferFor(items)
    const request = {
      items: orderLinesOf(items),
      paymentMethod,
      language,
      ...(guest ? { guest } : {}),
      ...(waitlistOffer ? { waitlistOffer } : {}),
    }
    // The proof is not part of what is ordered (the server leaves it out too): verifying the
    // e-mail again and retrying is still the same order, under the same key.
    const body = JSON.stringify({ ...request, guest: guest && { ...guest, proof: undefined } })
    const place = async () => {
      const placed = await createOrder(request, keyFor(lines, body))
      // A confirmed order is told once its confirmation is on screen (succeed).
      if (placed.status !== 'confirmed') recordOrder(lines, placed)
      return placed
    }
    const placed = await place()
    // The attempt's earlier card order ran out unpaid: this is a new order, under a new key.
    return placed.status === 'expired' || placed.status === 'payment_failed' ? place() : placed
  }

  /** Books and confirms at once; the visitor pays at reception (or, from the review page, as chosen). */
  async function confirm(paymentMethod: PaymentMethod, guest?: OrderGuest) {
    setFailure(undefined)
    setBusy(true)
    try {
      const placed = await order(paymentMethod, guest)
      if (placed.status === 'confirmed') succeed(placed)
      else fail('VENUE_FAILED', undefined)
    } catch (error) {
      fail('VENUE_FAILED', error)
    } finally {
      setBusy(false)
    }
  }

  /** Creates the card order and opens its payment; resolves to the provider's order id (PayPal's createOrder). */
  async function startCardPayment(guest?: OrderGuest): Promise<string> {
    setFailure(undefined)
    let placed: Order
    try {
      placed = await order('card', guest)
    } catch (error) {
      fail('BOOKING_FAILED', error)
      throw error
    }
    // A retry whose first attempt was paid after all: the key replays the confirmed order.
    if (placed.status === 'confirmed') {
      succeed(placed)
      throw new Error('Already paid')
    }
    try {
      const { providerOrderId } = await startPayment(placed.id, guest?.proof)
      payment.current = { orderId: placed.id, proof: guest?.proof }
      return providerOrderId
    } catch (error) {
      fail('PAYMENT_UNAVAILABLE', error)
      throw error
    }
  }

  /** Captures the approved payment; the order comes back confirmed and paid. */
  async function capture(providerOrderId: string) {
    const pending = payment.current
    if (!pending) return
    setBusy(true)
    try {
      succeed(await capturePayment(pending.orderId, providerOrderId, pending.proof))
    } catch (error) {
      fail('PAYMENT_UNAVAILABLE', error)
    } finally {
      setBusy(false)
    }
  }

  /** The test provider: the same three calls, with no pop-up in between. */
  async function payInTestMode(guest?: OrderGuest) {
    setBusy(true)
    try {
      await capture(await startCardPayment(guest))
    } catch {
      // startCardPayment has already said what went wrong.
    } finally {
      setBusy(false)
    }
  }

  /**
   * BENEFIT or a card in BD: creates the order, makes its Tap charge and sends the browser to Tap's
   * page (or the test page standing in for it). The result page takes it from there; the order's
   * outcome is only ever read from the server, which asks Tap.
   */
  async function payByRedirect(method: TapMethod, guest?: OrderGuest) {
    setFailure(undefined)
    setBusy(true)
    let placed: Order
    try {
      placed = await order(method, guest)
    } catch (error) {
      fail('BOOKING_FAILED', error)
      setBusy(false)
      return
    }
    if (placed.status === 'confirmed') {
      succeed(placed)
      setBusy(false)
      return
    }
    try {
      const { redirectUrl } = await startRedirectPayment(placed.id, guest?.proof)
      // Stays busy while the browser leaves for the payment page.
      window.location.assign(redirectUrl)
    } catch (error) {
      fail('PAYMENT_UNAVAILABLE', error)
      setBusy(false)
    }
  }

  /** Forgets a failure, once what it was about has changed (the cart). */
  const reset = useCallback(() => setFailure(undefined), [])

  /** PayPal's own error callback; it also follows our failures, which have already been reported. */
  function widgetFailed() {
    setFailure((current) => current ?? { message: 'WIDGET_FAILED', error: undefined })
  }

  return {
    confirmed: confirmed?.order,
    failure,
    busy,
    confirm,
    startCardPayment,
    capture,
    payInTestMode,
    payByRedirect,
    widgetFailed,
    reset,
  }
}

export type OrderPlacement = ReturnType<typeof useOrderPlacement>
