import { randomUUID } from 'node:crypto'
import type { ParsedOrderRequest } from '../../../shared/checkout.ts'
import { holdMinutesOf, isOnline, paysThrough } from '../../../shared/payment-methods.ts'
import type { Database } from '../../platform/db/database.ts'
import { type FieldErrors, HttpError } from '../../platform/http/errors.ts'
import type { PaymentProvider } from '../../platform/payments/provider.ts'
import type { TapProvider } from '../../platform/payments/tap.ts'
import { filsToUsdCents } from '../../platform/payments/usd.ts'
import type { Auth } from '../accounts/auth.ts'
import { type Booker, bookerScope } from '../accounts/booker.ts'
import type { CatalogService } from '../catalog/service.ts'
import { type PricedLine, priceOrder, quotedDemand } from '../orders/pricing.ts'
import { lockBookerDays, placesHeld } from '../places/booker-places.ts'
import { capExceeded, capHolderOf, capProblems, isCapCode, venueDays } from '../places/booking-caps.ts'
import { placesLeft, type SlotClaim, slotClaims, takePlaces } from '../places/slot-occupancy.ts'
import { loadBookingsOf } from '../visits/repository.ts'
import { claimOffer, claimsBesideOffer, returnUnusedOffer } from '../waitlist/use-offer.ts'
import { confirmOrderVisits } from './confirm-order.ts'
import { claimKey, findAnswer, requestHash, type StoredAnswer, saveAnswer } from './idempotency.ts'
import { insertOrder, loadOrder, toOrder } from './order-repository.ts'

export interface CheckoutDeps {
  db: Database
  catalog: CatalogService
  auth: Auth
  /** Signs and checks guests' e-mail proofs. */
  secret: string
  payments: PaymentProvider
  /** BENEFIT and cards in BD (Tap, or its test mode); none: those choices are off. */
  tap?: TapProvider
  /** The one clock of checkout (AppDeps.now): holds, proofs and prices all read it. */
  now: () => Date
}

function itemsUnavailable(lines: PricedLine[], indexes?: number[]): HttpError {
  // Lines refused only for the venue's caps get the cap's own code: the cart is fine, it is too much.
  if (!indexes) {
    const capped = new Map(lines.flatMap((line, index) => (line.problem ? [[index, line.problem]] : [])))
    if ([...capped.values()].every((problem) => isCapCode(problem.code))) return capExceeded(capped)
  }
  const fields: FieldErrors = {}
  lines.forEach((line, index) => {
    if (indexes?.includes(index)) fields[`items.${index}`] = 'SLOT_FULL'
    else if (line.problem) fields[`items.${index}`] = line.problem.code
  })
  return new HttpError(409, 'ITEMS_UNAVAILABLE', { fields })
}

/** This site takes no card payments (production without PayPal or PAYMENTS_TEST_MODE, ADR 016). */
function cardPaymentsOff(): HttpError {
  return new HttpError(409, 'CARD_PAYMENTS_OFF', { fields: { paymentMethod: 'CARD_PAYMENTS_OFF' } })
}

/** This site takes no BENEFIT or cards in BD (production without Tap or PAYMENTS_TEST_MODE). */
function tapPaymentsOff(): HttpError {
  return new HttpError(409, 'TAP_PAYMENTS_OFF', { fields: { paymentMethod: 'TAP_PAYMENTS_OFF' } })
}

/**
 * Places an order in one transaction: claims the Idempotency-Key, takes the places, writes the guest,
 * the order and (paying at the venue) its bookings and their e-mails. All of it, or none of it.
 * The route has resolved who is booking and the key. A repeated key answers with the first request's
 * order, as it is now; the same key with another request is refused.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  { booker, key }: { booker: Booker; key: string },
  body: ParsedOrderRequest,
): Promise<StoredAnswer> {
  const { db, catalog } = deps
  const now = deps.now()
  const scope = bookerScope(booker)
  // The proof is left out: a retry after verifying again is still the same order.
  const hash = requestHash({ ...body, guest: body.guest && { ...body.guest, proof: undefined } })

  const capHolder = capHolderOf(booker)
  const priced = await priceOrder(catalog, db, body.items, { checkPlaces: false })
  const online = body.paymentMethod !== 'venue'
  const refusal = !priced.bookable
    ? itemsUnavailable(priced.lines)
    : body.paymentMethod === 'card' && deps.payments.kind === 'off'
      ? cardPaymentsOff()
      : paysThrough(body.paymentMethod, 'tap') && (deps.tap?.kind ?? 'off') === 'off'
        ? tapPaymentsOff()
        : online && priced.payAtVenueOnly
          ? new HttpError(409, 'PAY_AT_VENUE_ONLY', { fields: { paymentMethod: 'PAY_AT_VENUE_ONLY' } })
          : undefined
  // A retry of an order placed earlier gets its answer, even once its hour has passed. A new order
  // skips this look-up: claiming the key in the transaction tells a repeat apart.
  if (refusal) {
    const earlier = await findAnswer(db, scope, key, hash)
    if (earlier) return replayed(deps, earlier)
    throw refusal
  }

  const answer = await db.transaction().execute(async (trx) => {
    if (!(await claimKey(trx, scope, key, hash))) return undefined
    // The day cap counts the booker's other orders under a lock, so that two at once cannot both pass.
    const days = venueDays(priced.lines)
    await lockBookerDays(trx, capHolder, days)
    const overCap = capProblems(priced.lines, priced.caps, await placesHeld(trx, capHolder, days))
    if (overCap.size) throw capExceeded(overCap)
    const orderId = randomUUID()
    // A waiting list offer's places are already taken for it: its line books them as they are.
    const offer = body.waitlistOffer
      ? await claimOffer(trx, {
          secret: deps.secret,
          token: body.waitlistOffer,
          booker,
          lines: priced.lines.map(quotedDemand),
          orderId,
          now,
        })
      : undefined
    const claims = claimsBesideOffer(slotClaims(priced.lines.map(quotedDemand)), offer)
    const refused = await takePlaces(trx, claims)
    if (refused.length) throw tooManyPeople(priced.lines, refused, await placesLeft(trx, refused))
    await returnUnusedOffer(trx, offer, now)
    const guest = booker.kind === 'guest' ? booker : null
    const paysAtVenue = body.paymentMethod === 'venue'
    const order = await insertOrder(
      trx,
      {
        id: orderId,
        user_id: booker.kind === 'account' ? booker.userId : null,
        contact_email: booker.email,
        language: body.language,
        payment_method: body.paymentMethod,
        status: paysAtVenue ? 'confirmed' : 'awaiting_payment',
        items: JSON.stringify(priced.lines),
        total_fils: priced.totalFils,
        // What PayPal is asked for, fixed with the order: a refund never exceeds it.
        total_usd_cents: filsToUsdCents(priced.totalFils),
        // How long the places wait for the payment: the method's hold (shared/payment-methods.ts).
        hold_expires_at: isOnline(body.paymentMethod)
          ? new Date(now.getTime() + holdMinutesOf(body.paymentMethod) * 60_000)
          : null,
        confirmed_at: paysAtVenue ? now : null,
      },
      guest,
      priced.lines,
    )
    const bookings = paysAtVenue
      ? await confirmOrderVisits(trx, order, priced.lines, 'pay at venue', guest)
      : []
    const stored = { statusCode: 201, body: toOrder(order, bookings, deps.secret) }
    await saveAnswer(trx, scope, key, stored)
    return stored
  })
  if (answer) return answer
  // Another request with this key committed first: answer as it did.
  const replay = await findAnswer(db, scope, key, hash)
  if (replay) return replayed(deps, replay)
  throw new HttpError(409, 'IDEMPOTENCY_KEY_IN_USE')
}

/**
 * The first answer's order as it is now: a card order paid since (by this tab, another, or the
 * sweeper) comes back confirmed with its bookings, an unpaid one that ran out as ended. The order is
 * the same one; only its state has moved on, and the visitor is shown that state.
 */
async function replayed(deps: CheckoutDeps, stored: StoredAnswer): Promise<StoredAnswer> {
  const id = (stored.body as { id?: unknown } | null)?.id
  const order = typeof id === 'string' ? await loadOrder(deps.db, id) : undefined
  if (!order) return stored
  return { ...stored, body: toOrder(order, await loadBookingsOf(deps.db, order.id), deps.secret) }
}

/**
 * The 409 for slots without places for everyone. A slot with none left is full, as before parties
 * (ITEMS_UNAVAILABLE, its lines SLOT_FULL). A slot with some left names how many (PLACES_LEFT, with
 * `left` for the first such slot), so the visitor can bring fewer people or choose another time.
 */
function tooManyPeople(lines: PricedLine[], refused: SlotClaim[], left: number[]): HttpError {
  const someLeft = refused.findIndex((_, index) => (left[index] ?? 0) > 0)
  if (someLeft === -1)
    return itemsUnavailable(
      lines,
      refused.flatMap((claim) => claim.lineIndexes),
    )
  const fields: FieldErrors = {}
  refused.forEach((claim, index) => {
    for (const line of claim.lineIndexes)
      fields[`items.${line}`] = (left[index] ?? 0) > 0 ? 'PLACES_LEFT' : 'SLOT_FULL'
  })
  return new HttpError(409, 'PLACES_LEFT', { fields, params: { left: left[someLeft] ?? 0 } })
}
