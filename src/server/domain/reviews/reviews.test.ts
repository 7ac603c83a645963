import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../tests/support/accounts.ts'
import { bookAtVenue, checkoutClock } from '../../../../tests/support/checkout.ts'
import { book, redeem, send, venueA } from '../../../../tests/support/desk.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { shownRating } from '../../../shared/reviews.ts'
import { mailTemplates } from '../../mail-templates.ts'
import { renderMail } from '../../platform/mail/templates/render.tsx'
import { seedIfEmpty } from '../../seed.ts'
import { CatalogService } from '../catalog/service.ts'
import { applyRetention } from '../privacy/retention.ts'
import { ticketPayload } from '../visits/ticket-codes.ts'
import { reviewToken } from './tokens.ts'

/*
 * Verified reviews (docs/decisions/051) on the real app, with a catalog kept a whole minute: a new or
 * hidden review must show in the cards at once, through the catalog's change notice.
 */
const clock = { now: checkoutClock }
let t: TestApp
let manager: string
let user: { id: string; cookie: string }
let other: string
let staff: string
let catalog: CatalogService

const db = () => t.database.db
const token = (visitId: number) => reviewToken(t.config.AUTH_SECRET, visitId)
const review = (visitId: number | string, body: object, cookie?: string, ip = '10.1.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/reviews/${typeof visitId === 'number' ? token(visitId) : visitId}`,
    payload: body,
    headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
  })
const invites = () =>
  db().selectFrom('mail_outbox').selectAll().where('template', '=', 'review-invite').orderBy('id').execute()

/** A guest's paid visit on 1 December at 09:00, checked in at the desk at 08:30. */
async function checkedInVisit(email?: string) {
  const booking = await book(t, { paid: true, ...(email ? { email } : {}) })
  const answer = await redeem(t, manager, { text: booking.payload })
  expect(answer.json().status, answer.body).toBe('ok')
  return booking
}

/** A paid visit on 1 December at 09:00, booked by the account signed in with `cookie`. */
async function paidVisitOf(cookie: string) {
  const row = await bookAtVenue(t, { date: '2026-12-01', time: '09:00' }, { cookie })
  await db()
    .updateTable('confirmed_bookings')
    .set({ payment_status: 'paid' })
    .where('id', '=', row.id)
    .execute()
  return row
}

async function gymCard(id = venueA) {
  const list = await send(t, undefined, 'GET', '/api/gyms')
  return list.json().gyms.find((gym: { id: string }) => gym.id === id)
}

beforeAll(async () => {
  const now = () => clock.now
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' }, (database) => {
    catalog = new CatalogService(database.db, { cacheMs: 60_000, now })
    return { now, catalog }
  })
  await seedIfEmpty(t.database.db)
  manager = (await signedInUser(t, 'review-manager@example.bh', 'manager')).cookie
  staff = (await signedInUser(t, 'review-staff@example.bh', 'staff')).cookie
  user = await signedInUser(t, 'reviewer@example.bh')
  other = (await signedInUser(t, 'someone-else@example.bh')).cookie
})
afterAll(() => t.close())
beforeEach(async () => {
  clock.now = checkoutClock
  await db().deleteFrom('venue_reviews').execute()
})

describe('the invitation', () => {
  it('is queued once per checked-in visit, due hours later, and links to the visit’s review page', async () => {
    await db().deleteFrom('mail_outbox').execute()
    const notCheckedIn = await book(t, { paid: true })
    const visit = await checkedInVisit('invited@example.bh')
    // A second scan of the same ticket invites no one twice.
    await redeem(t, manager, { text: visit.payload })
    const rows = await invites()
    expect(rows.map((row) => [row.to_address, (row.payload as { bookingId: number }).bookingId])).toEqual([
      ['invited@example.bh', visit.id],
    ])
    expect(new Date(rows[0]?.next_attempt_at ?? 0).getTime() - checkoutClock.getTime()).toBe(180 * 60_000)
    expect(rows.some((row) => (row.payload as { bookingId: number }).bookingId === notCheckedIn.id)).toBe(
      false,
    )

    const links = { secret: t.config.AUTH_SECRET, siteUrl: 'https://daypass.example' }
    const mail = await renderMail(
      mailTemplates,
      'review-invite',
      'ar',
      { bookingId: visit.id },
      db(),
      links,
      clock.now,
    )
    expect(mail.subject).toContain('كيف كانت زيارتك')
    expect(mail.html).toContain(`https://daypass.example/reviews/${token(visit.id)}`)

    // Reviewed before the mail is due: it is dropped rather than sent.
    expect((await review(visit.id, { stars: 5 })).statusCode).toBe(201)
    await expect(
      renderMail(mailTemplates, 'review-invite', 'en', { bookingId: visit.id }, db(), links, clock.now),
    ).rejects.toThrow('already reviewed')
  })
})

describe('a party checked in with one tap', () => {
  it('is invited once, to the address that booked, and reviews once', async () => {
    await db().deleteFrom('mail_outbox').execute()
    const first = await book(t, { paid: true, quantity: 3, email: 'party@example.bh' })
    const party = await send(t, manager, 'POST', `/api/desk/bookings/${first.id}/party/check-in`, {})
    expect(party.statusCode, party.body).toBe(200)
    await send(t, manager, 'POST', `/api/desk/bookings/${first.id}/party/check-in`, {})
    const rows = await invites()
    expect(rows.map((row) => row.to_address)).toEqual(['party@example.bh'])

    // Whichever of its visits' links is used, the party writes one review.
    const members = await db()
      .selectFrom('confirmed_bookings')
      .select('id')
      .where('order_id', '=', first.order_id)
      .orderBy('id')
      .execute()
    expect(members).toHaveLength(3)
    const [one, two, three] = members.map((member) => Number(member.id)) as [number, number, number]
    expect((await review(two, { stars: 5 }, undefined, '10.8.0.1')).statusCode).toBe(201)
    for (const [index, other] of [one, three].entries()) {
      const again = await review(other, { stars: 5 }, undefined, `10.8.0.${index + 2}`)
      expect(again.statusCode, again.body).toBe(409)
      expect(again.json().error.code).toBe('REVIEW_ALREADY_WRITTEN')
    }
    expect((await send(t, undefined, 'GET', `/api/reviews/${token(one)}`)).json().review).toMatchObject({
      stars: 5,
    })
    expect(await db().selectFrom('venue_reviews').select('booking_id').execute()).toHaveLength(1)
  })
})

describe('a visit checked in by the desk’s override', () => {
  it('paid in cash recorded by the staff: no invitation, and no review', async () => {
    await db().deleteFrom('mail_outbox').execute()
    // Booked to pay at the venue for 12:00; at 08:30 it is too early to check in.
    const visit = await book(t, { time: '12:00' })
    const paid = await send(t, manager, 'POST', `/api/desk/bookings/${visit.id}/payment`, { method: 'cash' })
    expect(paid.statusCode, paid.body).toBe(200)
    expect((await redeem(t, manager, { text: visit.payload })).json().status).toBe('too_early')
    expect((await redeem(t, manager, { text: visit.payload, override: true })).json().status).toBe('ok')
    expect(await invites()).toEqual([])
    const refused = await review(visit.id, { stars: 5, text: 'Best gym ever' }, undefined, '10.8.1.1')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('REVIEW_NOT_VERIFIED')
    expect(await db().selectFrom('venue_reviews').selectAll().execute()).toEqual([])
  })

  it('paid through DayPass: invited, and reviewed', async () => {
    await db().deleteFrom('mail_outbox').execute()
    const visit = await book(t, { paid: true, time: '13:00' })
    expect((await redeem(t, manager, { text: visit.payload, override: true })).json().status).toBe('ok')
    expect((await invites()).map((row) => (row.payload as { bookingId: number }).bookingId)).toEqual([
      visit.id,
    ])
    expect((await review(visit.id, { stars: 4 }, undefined, '10.8.1.2')).statusCode).toBe(201)
  })
})

describe('writing a review', () => {
  it('takes only a checked-in visit, once, with 1 to 5 stars and plain text in either language', async () => {
    const booked = await book(t, { paid: true })
    const refused = await review(booked.id, { stars: 4 })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('REVIEW_NOT_CHECKED_IN')

    const visit = await checkedInVisit()
    for (const [index, body] of [
      { stars: 0 },
      { stars: 6 },
      { stars: 2.5 },
      { stars: '5' },
      {},
      { stars: 5, text: 'x'.repeat(1001) },
      { stars: 5, text: 'bell\u0007' },
      { stars: 5, text: 'evil \u202e txet' },
      { stars: 5, extra: true },
    ].entries()) {
      // Each on a visit of its own: a visit's tries are limited.
      const answer = await review(900_000 + index, body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
    }
    const written = await review(visit.id, { stars: 4, text: '  صالة نظيفة وهادئة  ' })
    expect(written.statusCode, written.body).toBe(201)
    expect(written.json().review).toMatchObject({ stars: 4, text: 'صالة نظيفة وهادئة', hidden: false })
    const again = await review(visit.id, { stars: 1, text: 'Changed my mind' })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('REVIEW_ALREADY_WRITTEN')
    expect(await db().selectFrom('venue_reviews').select('stars').execute()).toEqual([{ stars: 4 }])
  })

  it('refuses a cancelled visit', async () => {
    const visit = await checkedInVisit()
    await db()
      .updateTable('confirmed_bookings')
      .set({ cancelled_at: clock.now })
      .where('id', '=', visit.id)
      .execute()
    expect((await review(visit.id, { stars: 3 })).json().error.code).toBe('REVIEW_NOT_CHECKED_IN')
  })

  it('refuses a forged, altered, other-scope or expired link', async () => {
    const visit = await checkedInVisit()
    const [id, signature] = token(visit.id).split('.')
    expect((await review(`${id}.${'A'.repeat(43)}`, { stars: 5 })).statusCode).toBe(404)
    expect((await review(`${visit.id + 1}.${signature}`, { stars: 5 })).statusCode).toBe(404)
    expect((await send(t, undefined, 'GET', `/api/reviews/${id}.${'A'.repeat(43)}`)).statusCode).toBe(404)
    const opened = await send(t, undefined, 'GET', `/api/reviews/${token(visit.id)}`)
    expect(opened.json()).toMatchObject({
      gymId: venueA,
      visitDate: '2026-12-01',
      forAccount: false,
      review: null,
    })
    // Sixty days after the visit the link still works; the day after, it has expired.
    clock.now = new Date('2027-01-30T12:00:00Z')
    expect((await send(t, undefined, 'GET', `/api/reviews/${token(visit.id)}`)).statusCode).toBe(200)
    clock.now = new Date('2027-01-31T12:00:00Z')
    const expired = await review(visit.id, { stars: 5 })
    expect(expired.statusCode).toBe(410)
    expect(expired.json().error.code).toBe('REVIEW_LINK_EXPIRED')
    expect(await db().selectFrom('venue_reviews').selectAll().execute()).toEqual([])
  })

  it("lets only the account that booked review an account's visit", async () => {
    const row = await paidVisitOf(user.cookie)
    expect((await redeem(t, manager, { text: ticketPayload(t.config.AUTH_SECRET, row) })).json().status).toBe(
      'ok',
    )
    const id = Number(row.id)
    const anonymous = await review(id, { stars: 5 })
    expect(anonymous.statusCode).toBe(401)
    const stranger = await review(id, { stars: 1 }, other)
    expect(stranger.statusCode).toBe(403)
    expect(stranger.json().error.code).toBe('REVIEW_NOT_YOURS')
    const own = await review(id, { stars: 5, text: 'Great pool' }, user.cookie)
    expect(own.statusCode, own.body).toBe(201)
    expect(own.json().forAccount).toBe(true)

    const exported = await send(t, user.cookie, 'GET', '/api/account/export')
    expect(exported.json().reviews).toEqual([
      expect.objectContaining({ venueId: venueA, stars: 5, text: 'Great pool', hiddenAt: null }),
    ])
  })

  it('limits the tries at a visit per client: junk tokens naming it do not lock its real link for others', async () => {
    const visit = await checkedInVisit()
    const [id] = token(visit.id).split('.')
    const statuses: number[] = []
    // An attacker posts forged tokens naming the visit's id, from one address.
    for (let n = 0; n < 6; n++)
      statuses.push(
        (await review(`${id}.${String(n).repeat(43)}`, { stars: 1 }, undefined, '10.7.0.1')).statusCode,
      )
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429])
    // The visitor, from their own address, still writes their review through the real link.
    const written = await review(visit.id, { stars: 5 }, undefined, '10.7.0.2')
    expect(written.statusCode, written.body).toBe(201)
  })
})

describe('what visitors see', () => {
  it('lists visible reviews newest first with pass and month, and shows the average on cards from 3 reviews', async () => {
    const venueRating = (await gymCard()).rating
    const stars = [5, 4, 2]
    const visits = []
    for (const [index, count] of stars.entries()) {
      clock.now = new Date(checkoutClock.getTime() + index * 60_000)
      const visit = await checkedInVisit()
      visits.push(visit)
      expect((await review(visit.id, { stars: count, text: `Visit ${index}` })).statusCode).toBe(201)
      const card = await gymCard()
      // The catalog is kept a minute, yet each review shows at once.
      expect(card.reviews.count).toBe(index + 1)
      if (index < 2) expect(shownRating(card)).toEqual({ value: venueRating, source: 'venue', count: 0 })
    }
    const card = await gymCard()
    expect(card.reviews).toEqual({ average: 3.7, count: 3 })
    expect(shownRating(card)).toEqual({ value: 3.7, source: 'reviews', count: 3 })

    const page = await send(t, undefined, 'GET', `/api/gyms/${venueA}/reviews`)
    expect(page.json()).toMatchObject({ average: 3.7, count: 3 })
    expect(page.json().reviews.map((item: { text: string }) => item.text)).toEqual([
      'Visit 2',
      'Visit 1',
      'Visit 0',
    ])
    expect(page.json().reviews[0]).toMatchObject({
      stars: 2,
      firstName: 'Fatima',
      visitMonth: '2026-12',
      // The pass's own name, not the booking's line with what it includes.
      passName: await db()
        .selectFrom('passes')
        .select(['name_en as en', 'name_ar as ar'])
        .where('id', '=', visits[2]?.pass_id ?? '')
        .executeTakeFirstOrThrow(),
    })
    expect(JSON.stringify(page.json())).not.toMatch(/@|Al Sayed|DP-/)
    expect((await send(t, undefined, 'GET', '/api/gyms/no-such-venue/reviews')).statusCode).toBe(404)

    // Sorted by rating, the venue's 3.7 from its visitors counts, not its own stars.
    await db().updateTable('venues').set({ rating: 5 }).execute()
    catalog.invalidate()
    const sorted = await t.app.inject({ method: 'GET', url: '/api/gyms?sort=rating&bookable=1' })
    const ids = sorted.json().gyms.map((gym: { id: string }) => gym.id)
    expect(ids.at(-1)).toBe(venueA)
  })
})

describe('moderation', () => {
  it('hides a review with a reason, audited, out of the list and the average, and tells the reviewer', async () => {
    const reviews = []
    for (const [index, stars] of [5, 5, 1].entries()) {
      clock.now = new Date(checkoutClock.getTime() + index * 60_000)
      const visit = await checkedInVisit(`hidden-${index}@example.bh`)
      expect((await review(visit.id, { stars })).statusCode).toBe(201)
      reviews.push(visit)
    }
    expect((await gymCard()).reviews).toEqual({ average: 3.7, count: 3 })
    const target = reviews[2]?.id ?? 0
    const forbidden = await send(t, staff, 'POST', `/api/team/reviews/${target}/hide`, {
      reason: 'Abusive words',
    })
    expect(forbidden.statusCode).toBe(403)
    expect(
      (await send(t, user.cookie, 'POST', `/api/team/reviews/${target}/hide`, { reason: 'No' })).statusCode,
    ).toBe(403)
    expect(
      (await send(t, manager, 'POST', `/api/team/reviews/${target}/hide`, { reason: 'x' })).statusCode,
    ).toBe(400)

    const hidden = await send(t, manager, 'POST', `/api/team/reviews/${target}/hide`, {
      reason: 'Abusive words',
    })
    expect(hidden.statusCode, hidden.body).toBe(200)
    expect(hidden.json()).toMatchObject({
      id: target,
      hiddenReason: 'Abusive words',
      reference: expect.stringMatching(/^DP-/),
    })
    expect(
      (await send(t, manager, 'POST', `/api/team/reviews/${target}/hide`, { reason: 'Again' })).statusCode,
    ).toBe(409)

    const card = await gymCard()
    expect(card.reviews).toEqual({ average: 5, count: 2 })
    // Under 3 visible reviews, the card shows the venue's own rating again.
    expect(shownRating(card)).toEqual({ value: card.rating, source: 'venue', count: 0 })
    const page = await send(t, undefined, 'GET', `/api/gyms/${venueA}/reviews`)
    expect(page.json()).toMatchObject({ average: 5, count: 2 })
    expect(page.json().reviews).toHaveLength(2)

    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'review.hide').execute()
    expect(audit).toEqual([
      expect.objectContaining({ entity_type: 'review', entity_id: String(target), venue_id: venueA }),
    ])
    const told = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'review-hidden')
      .execute()
    expect(told.map((row) => row.to_address)).toEqual(['hidden-2@example.bh'])
    const links = { secret: t.config.AUTH_SECRET, siteUrl: 'https://daypass.example' }
    const mail = await renderMail(
      mailTemplates,
      'review-hidden',
      'en',
      { bookingId: target },
      db(),
      links,
      clock.now,
    )
    expect(mail.text).toContain('Abusive words')

    const list = await send(t, manager, 'GET', '/api/team/reviews')
    expect(list.json().reviews.map((item: { id: number }) => item.id)).toEqual(
      reviews.map((visit) => visit.id).reverse(),
    )
    const onlyHidden = await send(t, manager, 'GET', '/api/team/reviews?hidden=1')
    expect(onlyHidden.json().reviews.map((item: { id: number }) => item.id)).toEqual([target])
    // The reviewer's own link says it is hidden.
    const own = await send(t, undefined, 'GET', `/api/reviews/${token(target)}`)
    expect(own.json().review.hidden).toBe(true)
  })
})

describe('retention', () => {
  it("forgets a review's writer's address with the sent mails, and then tells nobody of a hide", async () => {
    const visit = await checkedInVisit('kept-for-a-while@example.bh')
    expect((await review(visit.id, { stars: 2 })).statusCode).toBe(201)
    const periods = { sentMailDays: 30, contactAttachmentDays: 180, anonymousUserDays: 30 }
    // Written 29 days ago it keeps its address; 31 days ago, no more.
    const writtenAt = (days: number) =>
      db()
        .updateTable('venue_reviews')
        .set({ created_at: new Date(clock.now.getTime() - days * 86_400_000) })
        .where('booking_id', '=', visit.id)
        .execute()
    await writtenAt(29)
    expect((await applyRetention(db(), periods, clock.now)).reviewerAddresses).toBe(0)
    await writtenAt(31)
    expect((await applyRetention(db(), periods, clock.now)).reviewerAddresses).toBe(1)
    await db().deleteFrom('mail_outbox').where('template', '=', 'review-hidden').execute()
    const hidden = await send(t, manager, 'POST', `/api/team/reviews/${visit.id}/hide`, {
      reason: 'Off topic',
    })
    expect(hidden.statusCode).toBe(200)
    expect(
      await db().selectFrom('mail_outbox').select('id').where('template', '=', 'review-hidden').execute(),
    ).toEqual([])
  })
})

describe('deleting the account', () => {
  it("deletes the account's reviews, and the averages follow", async () => {
    const owner = await signedInUser(t, 'leaving@example.bh')
    const row = await paidVisitOf(owner.cookie)
    await redeem(t, manager, { text: ticketPayload(t.config.AUTH_SECRET, row) })
    expect((await review(Number(row.id), { stars: 1 }, owner.cookie)).statusCode).toBe(201)
    expect((await gymCard()).reviews.count).toBe(1)
    const deleted = await send(t, owner.cookie, 'POST', '/api/account/delete', {
      password: 'Pearl-diving-1932',
    })
    expect(deleted.statusCode, deleted.body).toBeLessThan(300)
    expect(await db().selectFrom('venue_reviews').selectAll().execute()).toEqual([])
    expect((await gymCard()).reviews.count).toBe(0)
  })
})
