import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkoutClock, guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { createDeskTest, type DeskTest, send, venueA } from '../../../../tests/support/desk.ts'
import { holdMinutesOf } from '../../../shared/payment-methods.ts'
import { mailTemplates } from '../../mail-templates.ts'
import { renderMail } from '../../platform/mail/templates/render.tsx'
import type { Charge, TapProvider } from '../../platform/payments/tap.ts'
import { createTestPaymentProvider } from '../../platform/payments/test-provider.ts'
import { CatalogService } from '../catalog/service.ts'
import { endOrder } from '../checkout/card-payment.ts'
import { settleLateCapture } from '../checkout/late-payment.ts'
import { loadOrder } from '../checkout/order-repository.ts'
import { releaseExpiredHolds } from '../checkout/sweeper.ts'
import { issueGuestProof } from '../guest-verification/proof.ts'
import { runWaitlistTick } from './jobs.ts'
import { waitlistToken } from './tokens.ts'

const date = '2026-12-03'
const time = '14:00'
const passId = 'manama-marina-hotel-gym'
let d: DeskTest

const db = () => d.t.database.db
const job = () =>
  runWaitlistTick(
    { db: db(), catalog: new CatalogService(db(), { cacheMs: 0, now: () => d.clock.now }), log: d.t.app.log },
    d.clock.now,
  )

let joins = 0
/** Each request to join from an address of its own: the limit per address is tested on its own. */
function join(body: object, cookie?: string) {
  joins++
  return d.t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: { gymId: venueA, passId, date, time, people: 1, ...body },
    headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) },
    remoteAddress: `10.8.${joins >> 8}.${joins & 255}`,
  })
}
function guestJoin(email: string, people = 1) {
  const { proof } = guest(d.t, email)
  return join({ people, guest: { email, proof } })
}

/** Books `people` places at the slot, as guests paying at the venue (4 at most per order). */
async function fill(people: number) {
  const ids: number[] = []
  for (let left = people; left > 0; left -= 4) {
    const response = await placeOrder(d.t, {
      items: [line({ date, time, quantity: Math.min(4, left) })],
      paymentMethod: 'venue',
      guest: guest(d.t),
    })
    expect(response.statusCode, response.body).toBe(201)
    ids.push(...response.json().bookings.map((booking: { id: number }) => booking.id))
  }
  return ids
}
const cancel = (id: number) =>
  send(d.t, d.manager, 'POST', `/api/team/bookings/${id}/cancel`, { reason: 'Visitor called' })
/** A guest's order for `quantity` at the slot through the offer `token`. */
const order = (token: string, email: string, quantity = 1, paymentMethod: 'venue' | 'card' = 'venue') =>
  placeOrder(d.t, {
    items: [line({ date, time, quantity })],
    paymentMethod,
    // A proof issued now: the clock may have moved past the first one's life.
    guest: {
      ...guest(d.t, email),
      proof: issueGuestProof(d.t.config.AUTH_SECRET, email, d.clock.now).proof,
    },
    waitlistOffer: token,
  })

async function occupancy() {
  return db()
    .selectFrom('slot_occupancy')
    .select(['taken', 'capacity'])
    .where('venue_id', '=', venueA)
    .where('slot_date', '=', date)
    .where('slot_hour', '=', 14)
    .executeTakeFirstOrThrow()
}
const entries = () => db().selectFrom('waitlist_entries').selectAll().orderBy('id').execute()
const offerMails = () =>
  db().selectFrom('mail_outbox').selectAll().where('template', '=', 'waitlist-offer').execute()

async function capacity(places: number) {
  await db().updateTable('venues').set({ capacity_per_slot: places }).where('id', '=', venueA).execute()
}

beforeAll(async () => {
  d = await createDeskTest()
})
afterAll(() => d.t.close())
beforeEach(async () => {
  d.clock.now = checkoutClock
  await db().deleteFrom('waitlist_entries').execute()
  await db().deleteFrom('mail_outbox').execute()
  await db().deleteFrom('slot_occupancy').execute()
  await db().updateTable('confirmed_bookings').set({ cancelled_at: checkoutClock }).execute()
})

describe('joining', () => {
  it('refuses a guest without a proof or with a bad one, a slot with places, a past slot, and bad numbers', async () => {
    await capacity(2)
    expect((await join({ people: 1 })).json().error.code).toBe('VERIFY_EMAIL_FIRST')
    expect((await join({ guest: { email: 'a@example.bh', proof: 'forged' } })).statusCode).toBe(403)
    const hasPlaces = await guestJoin('a@example.bh')
    expect(hasPlaces.statusCode).toBe(409)
    expect(hasPlaces.json().error.code).toBe('WAITLIST_SLOT_HAS_PLACES')
    const { proof } = guest(d.t, 'a@example.bh')
    const past = await join({ date: '2026-12-01', time: '08:00', guest: { email: 'a@example.bh', proof } })
    expect(past.json().error.code).toBe('SLOT_PAST')
    await fill(2)
    for (const people of [0, -1, 1.5, 10000, '2'])
      expect((await join({ people, guest: { email: 'a@example.bh', proof } })).statusCode).toBe(400)
    expect(await entries()).toEqual([])
  })

  it('puts guests and accounts in line, once per address', async () => {
    await capacity(2)
    await fill(2)
    const first = await guestJoin('first@example.bh', 2)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ status: 'waiting', people: 2, ahead: 0, offerExpiresAt: null })
    expect((await guestJoin('first@example.bh', 1)).json().token).toBe(first.json().token)
    const account = await join({ people: 1 }, d.user)
    expect(account.json()).toMatchObject({ status: 'waiting', ahead: 1, totalFils: account.json().priceFils })
    const rows = await entries()
    expect(rows.map((row) => [row.email, row.first_name, row.user_id !== null])).toEqual([
      ['first@example.bh', null, false],
      ['desk-user@example.bh', expect.any(String), true],
    ])
    const opened = await send(d.t, undefined, 'GET', `/api/waitlist/${first.json().token}`)
    expect(opened.json()).toMatchObject({ status: 'waiting', ahead: 0 })
    const [id] = first.json().token.split('.')
    const forged = await send(d.t, undefined, 'GET', `/api/waitlist/${id}.${'A'.repeat(43)}`)
    expect(forged.statusCode).toBe(404)
    const otherScope = `${rows[1]?.id}.${first.json().token.split('.')[1]}`
    expect((await send(d.t, undefined, 'GET', `/api/waitlist/${otherScope}`)).statusCode).toBe(404)
  })

  it('limits the sign-ups of one address, from whichever client', async () => {
    await capacity(1)
    await fill(1)
    const email = 'often@example.bh'
    const { proof } = guest(d.t, email)
    const payload = { gymId: venueA, passId, date, time, people: 1, guest: { email, proof } }
    const statuses: number[] = []
    for (let n = 0; n < 11; n++) {
      const answer = await d.t.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload,
        headers: { origin: 'http://localhost:3000' },
        remoteAddress: `10.9.0.${n + 1}`,
      })
      statuses.push(answer.statusCode)
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429])
    expect(await entries()).toHaveLength(1)
  })
})

describe('offers', () => {
  it('offers a cancelled place to the first request it fits, takes it and mails the visitor', async () => {
    await capacity(2)
    const [booking] = await fill(2)
    await guestJoin('two@example.bh', 2)
    const one = await guestJoin('one@example.bh', 1)
    expect((await cancel(booking as number)).statusCode).toBe(200)
    const rows = await entries()
    expect(rows.map((row) => row.status)).toEqual(['waiting', 'offered'])
    expect(rows[1]?.offer_expires_at?.getTime()).toBe(checkoutClock.getTime() + 30 * 60_000)
    expect(await occupancy()).toEqual({ taken: 2, capacity: 2 })
    const mails = await offerMails()
    expect(mails.map((mail) => mail.to_address)).toEqual(['one@example.bh'])
    const entry = await send(d.t, undefined, 'GET', `/api/waitlist/${one.json().token}`)
    expect(entry.json()).toMatchObject({ status: 'offered', ahead: null, offerExpiresAt: expect.any(String) })
    // The mail, in either language, links to the offer and to leaving it.
    const links = { secret: d.t.config.AUTH_SECRET, siteUrl: 'http://localhost:3000' }
    for (const language of ['en', 'ar'] as const) {
      const mail = await renderMail(
        mailTemplates,
        'waitlist-offer',
        language,
        mails[0]?.payload,
        db(),
        links,
        d.clock.now,
      )
      expect(mail.text).toContain(`http://localhost:3000/waitlist/${one.json().token}`)
      expect(mail.html).toContain(`/waitlist/${one.json().token}?leave=1`)
      expect(mail.subject).toContain(language === 'en' ? 'Places free' : 'أماكن متاحة')
      // 08:30 + 30 minutes, Bahrain time.
      expect(mail.text).toContain('09:00')
    }
  })

  it('expires an unanswered offer after 30 minutes and passes its places on', async () => {
    await capacity(2)
    const [booking] = await fill(2)
    await guestJoin('late@example.bh', 1)
    await guestJoin('next@example.bh', 1)
    await cancel(booking as number)
    d.clock.now = new Date(checkoutClock.getTime() + 29 * 60_000)
    await job()
    expect((await entries()).map((row) => row.status)).toEqual(['offered', 'waiting'])
    d.clock.now = new Date(checkoutClock.getTime() + 31 * 60_000)
    expect(await job()).toMatchObject({ expired: 1 })
    expect((await entries()).map((row) => row.status)).toEqual(['expired', 'offered'])
    expect(await occupancy()).toEqual({ taken: 2, capacity: 2 })
  })

  it('offers places freed by a capacity raise from the job', async () => {
    await capacity(2)
    await fill(2)
    await guestJoin('a@example.bh', 3)
    await guestJoin('b@example.bh', 1)
    await capacity(4)
    expect(await job()).toMatchObject({ offered: 1 })
    expect((await entries()).map((row) => row.status)).toEqual(['waiting', 'offered'])
    expect(await occupancy()).toEqual({ taken: 3, capacity: 4 })
  })

  it('leaving an offer gives its places to the next in line', async () => {
    await capacity(2)
    const [booking] = await fill(2)
    const first = await guestJoin('a@example.bh', 1)
    await guestJoin('b@example.bh', 1)
    await cancel(booking as number)
    const left = await send(d.t, undefined, 'POST', `/api/waitlist/${first.json().token}/leave`)
    expect(left.json().status).toBe('left')
    expect((await entries()).map((row) => row.status)).toEqual(['left', 'offered'])
    expect(await occupancy()).toEqual({ taken: 2, capacity: 2 })
  })
})

describe('booking through an offer', () => {
  async function offered(email: string, people = 1) {
    await capacity(2)
    const booked = await fill(2)
    const joined = await guestJoin(email, people)
    for (const id of booked.slice(0, people)) await cancel(id)
    expect((await entries()).at(-1)?.status).toBe('offered')
    return joined.json().token as string
  }
  it('books the held places in a full slot, once', async () => {
    const token = await offered('offer@example.bh', 2)
    expect(await occupancy()).toEqual({ taken: 2, capacity: 2 })
    // The quote counts the offer's places as free for its line, and only with its token.
    const quote = (waitlistOffer?: string) =>
      send(d.t, undefined, 'POST', '/api/checkout/quote', {
        items: [line({ date, time, quantity: 2 })],
        ...(waitlistOffer ? { waitlistOffer } : {}),
      })
    expect((await quote()).json().lines[0].problem.code).toBe('SLOT_FULL')
    expect((await quote(token)).json()).toMatchObject({ bookable: true, lines: [{ problem: null }] })
    const placed = await order(token, 'offer@example.bh', 1)
    expect(placed.statusCode, placed.body).toBe(201)
    // One of the two held places is booked, the other goes back (and nobody waits for it).
    expect(await occupancy()).toEqual({ taken: 1, capacity: 2 })
    expect((await entries()).at(-1)?.status).toBe('booked')
    const again = await order(token, 'offer@example.bh', 1)
    expect(again.json().error.code).toBe('WAITLIST_OFFER_USED')
  })

  it('books once from two tabs at the same time', async () => {
    const token = await offered('tabs@example.bh', 2)
    const answers = await Promise.all([
      order(token, 'tabs@example.bh', 2),
      order(token, 'tabs@example.bh', 2),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error.code).toBe('WAITLIST_OFFER_USED')
    expect(await occupancy()).toEqual({ taken: 2, capacity: 2 })
  })

  it('refuses another booker, a changed line, a forged token and an expired offer, changing nothing', async () => {
    const token = await offered('mine@example.bh')
    expect((await order(token, 'someone@example.bh')).json().error.code).toBe('WAITLIST_OFFER_INVALID')
    expect((await order(token, 'mine@example.bh', 2)).json().error.code).toBe('WAITLIST_OFFER_MISMATCH')
    const forged = `${token.split('.')[0]}.${'B'.repeat(43)}`
    expect((await order(forged, 'mine@example.bh')).json().error.code).toBe('WAITLIST_OFFER_INVALID')
    d.clock.now = new Date(checkoutClock.getTime() + 31 * 60_000)
    const late = await order(token, 'mine@example.bh')
    expect(late.statusCode).toBe(409)
    expect(late.json().error.code).toBe('WAITLIST_OFFER_EXPIRED')
    expect((await entries()).at(-1)?.status).toBe('offered')
    expect(await occupancy()).toEqual({ taken: 2, capacity: 2 })
  })
})

describe('an offer booked by an order that ends unpaid', () => {
  const minutes = (count: number) => new Date(checkoutClock.getTime() + count * 60_000)
  /** The sweeper's run at `at`: card orders whose hold ran out (and its grace) end unpaid. */
  const sweep = (at: Date) =>
    releaseExpiredHolds({ db: db(), payments: createTestPaymentProvider(), log: d.t.app.log }, at)
  /** A request for two offered both places of a full slot, `next` waiting behind it, and a card order using `quantity`. */
  async function cardOrderThroughOffer(
    email: string,
    { next, quantity = 1, orderAt }: { next?: string; quantity?: number; orderAt?: Date } = {},
  ) {
    await capacity(2)
    const booked = await fill(2)
    const joined = await guestJoin(email, 2)
    for (const id of booked) await cancel(id)
    if (next) await guestJoin(next, 1)
    const token: string = joined.json().token
    if (orderAt) d.clock.now = orderAt
    const placed = await order(token, email, quantity, 'card')
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json().status).toBe('awaiting_payment')
    return token
  }
  const status = (token: string) => send(d.t, undefined, 'GET', `/api/waitlist/${token}`)
  /** Tap's word that the order's whole amount was captured with BENEFIT. */
  const capturedFor = (order: { id: string; total_fils: number }, id: string): Charge => ({
    id,
    status: 'CAPTURED',
    amount: (order.total_fils / 1000).toFixed(3),
    currency: 'BHD',
    orderId: order.id,
    transactionUrl: null,
    paymentMethod: 'BENEFIT',
  })

  it('stands again while its 30 minutes last, for the people the order had, and books with the same link', async () => {
    const token = await cardOrderThroughOffer('again@example.bh', { next: 'next@example.bh' })
    // One of the two offered places is in the card order; the other went on to the next in line.
    expect((await entries()).map((row) => [row.status, row.people])).toEqual([
      ['booked', 2],
      ['offered', 1],
    ])
    expect(await sweep(minutes(holdMinutesOf('card') + 1))).toEqual({ ended: 0, paid: 0 })
    expect(await sweep(minutes(holdMinutesOf('card') + 3))).toEqual({ ended: 1, paid: 0 })
    const [again] = await entries()
    expect((await entries()).map((row) => [row.status, row.people])).toEqual([
      ['offered', 1],
      ['offered', 1],
    ])
    // It still names the order, whose payment landing late books these places (late-payment.ts).
    expect(again?.order_id).toEqual(expect.any(String))
    // Its place stayed taken for it: nobody else was offered it, and the slot is still full.
    expect(await occupancy()).toEqual({ taken: 2, capacity: 2 })
    expect((await offerMails()).length).toBe(2)
    expect((await status(token)).json()).toMatchObject({ status: 'offered' })
    d.clock.now = minutes(holdMinutesOf('card') + 4)
    const paidAtVenue = await order(token, 'again@example.bh')
    expect(paidAtVenue.statusCode, paidAtVenue.body).toBe(201)
    expect((await status(token)).json()).toMatchObject({ status: 'booked' })
    expect(await occupancy()).toEqual({ taken: 2, capacity: 2 })
  })

  it('has expired once its 30 minutes are over, its place going on to the next in line', async () => {
    // Offered at 08:30 until 09:00, and ordered at 08:50: the order's hold ends at 09:05.
    const token = await cardOrderThroughOffer('late@example.bh', {
      next: 'after@example.bh',
      quantity: 2,
      orderAt: minutes(20),
    })
    expect((await entries()).map((row) => row.status)).toEqual(['booked', 'waiting'])
    expect(await sweep(minutes(20 + holdMinutesOf('card') + 3))).toEqual({ ended: 1, paid: 0 })
    expect((await entries()).map((row) => row.status)).toEqual(['expired', 'offered'])
    expect((await status(token)).json()).toMatchObject({ status: 'expired' })
    // Of the order's two places, one is offered on (the next request is for one), one is free.
    expect(await occupancy()).toEqual({ taken: 1, capacity: 2 })
  })

  it('is booked again, once, by the order’s payment landing late, its places not taken twice', async () => {
    const token = await cardOrderThroughOffer('paid-late@example.bh', { next: 'next-late@example.bh' })
    const orderId = (await entries())[0]?.order_id as string
    expect(await sweep(minutes(holdMinutesOf('card') + 3))).toEqual({ ended: 1, paid: 0 })
    expect(await occupancy()).toEqual({ taken: 2, capacity: 2 })
    const ended = await loadOrder(db(), orderId)
    if (!ended) throw new Error('no order')
    const charge = capturedFor(ended, 'chg_paid_late')
    // Booked, so Tap is never asked to refund.
    const tap = { refund: () => Promise.reject(new Error('no refund expected')) } as unknown as TapProvider
    const deps = { db: db(), tap, log: d.t.app.log, now: () => minutes(holdMinutesOf('card') + 4) }
    const settled = await Promise.all([1, 2, 3].map(() => settleLateCapture(deps, ended, charge)))
    expect(settled.map((row) => row.status)).toEqual(['confirmed', 'confirmed', 'confirmed'])
    expect((await entries()).map((row) => [row.status, row.people])).toEqual([
      ['booked', 1],
      ['offered', 1],
    ])
    // The slot holds the order's place and the next request's offer: two of two, not three.
    expect(await occupancy()).toEqual({ taken: 2, capacity: 2 })
    expect((await status(token)).json()).toMatchObject({ status: 'booked' })
  })

  it('refunds a late payment for it once its visit has begun', async () => {
    await cardOrderThroughOffer('too-late@example.bh')
    const orderId = (await entries())[0]?.order_id as string
    await sweep(minutes(holdMinutesOf('card') + 3))
    const ended = await loadOrder(db(), orderId)
    if (!ended) throw new Error('no order')
    const charge = capturedFor(ended, 'chg_too_late')
    const refunds: string[] = []
    const tap = {
      refund: async (input: { chargeId: string }) => {
        refunds.push(input.chargeId)
        return { refundId: 're_1', status: 'REFUNDED', amount: charge.amount, currency: 'BHD' }
      },
    } as unknown as TapProvider
    // 14:00 on the visit's day: the visit has begun.
    const begun = new Date(`${date}T${time}:00+03:00`)
    const settled = await settleLateCapture(
      { db: db(), tap, log: d.t.app.log, now: () => begun },
      ended,
      charge,
    )
    expect(settled.status).toBe('expired')
    expect(refunds).toEqual(['chg_too_late'])
  })

  it('stands again after a failed payment, once', async () => {
    const token = await cardOrderThroughOffer('failed@example.bh')
    const [entry] = await entries()
    const orderId = entry?.order_id as string
    expect(await endOrder(db(), orderId, 'payment_failed', 'declined', minutes(5))).toBe(true)
    expect((await status(token)).json()).toMatchObject({ status: 'offered' })
    // Ending it again changes nothing: the order is no longer awaiting payment.
    expect(await endOrder(db(), orderId, 'payment_failed', 'declined', minutes(6))).toBe(false)
    expect((await entries()).map((row) => [row.status, row.people])).toEqual([['offered', 1]])
    // The order's place is the offer's again; the other offered place went back when it was placed.
    expect(await occupancy()).toEqual({ taken: 1, capacity: 2 })
  })
})

describe('the desk', () => {
  it('shows a venue’s lists to its staff with first names only, and refuses other venues’ staff', async () => {
    await capacity(1)
    await fill(1)
    await guestJoin('guest@example.bh', 1)
    await join({ people: 1 }, d.user)
    const url = `/api/desk/waitlist?venue=${venueA}&date=${date}`
    const shown = await send(d.t, d.staffA.cookie, 'GET', url)
    expect(shown.statusCode, shown.body).toBe(200)
    const [slot] = shown.json().slots
    expect(slot.time).toBe(time)
    expect(slot.entries.map((entry: { name: string }) => entry.name)[0]).toBe('Guest')
    expect(JSON.stringify(shown.json())).not.toContain('@')
    expect((await send(d.t, d.staffB.cookie, 'GET', url)).statusCode).toBe(403)
    expect((await send(d.t, d.user, 'GET', url)).statusCode).toBe(403)
  })
})

describe('20 places freed while 50 requests wait', () => {
  it('offers exactly 20 places, never more than the slot has', async () => {
    await capacity(20)
    const booked = await fill(20)
    const joinedAt = checkoutClock.getTime() - 60 * 60_000
    await db()
      .insertInto('waitlist_entries')
      .values(
        Array.from({ length: 50 }, (_, index) => ({
          venue_id: venueA,
          pass_id: passId,
          slot_date: date,
          slot_hour: 14,
          people: index % 5 === 0 ? 2 : 1,
          email: `waiting-${index}@example.bh`,
          language: 'en' as const,
          joined_at: new Date(joinedAt + index * 1000),
        })),
      )
      .execute()
    const answers = await Promise.all([...booked.map(cancel), job(), job()])
    for (const answer of answers.slice(0, 20)) expect((answer as { statusCode: number }).statusCode).toBe(200)
    const offers = (await entries()).filter((row) => row.status === 'offered')
    expect(offers.reduce((sum, row) => sum + row.people, 0)).toBe(20)
    expect(await occupancy()).toEqual({ taken: 20, capacity: 20 })
    expect(await offerMails()).toHaveLength(offers.length)

    // Five more places, with ticks running side by side: five more people offered, no more.
    await capacity(25)
    await Promise.all([job(), job(), job()])
    const after = (await entries()).filter((row) => row.status === 'offered')
    expect(after.reduce((sum, row) => sum + row.people, 0)).toBe(25)
    expect(await occupancy()).toEqual({ taken: 25, capacity: 25 })
  })
})

it('signs each request under its own scope', () => {
  expect(waitlistToken('secret', 1)).not.toBe(waitlistToken('other', 1))
})
