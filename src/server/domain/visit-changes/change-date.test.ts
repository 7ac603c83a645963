import ICAL from 'ical.js'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  get,
  paidCardOrder,
  placesTaken,
  post,
  refundRows,
  setUpCancellationTest,
} from '../../../../tests/support/cancellation.ts'
import { guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { FakePayPal } from '../../../../tests/support/fake-paypal.ts'
import { smtpOutboxWorker, TestSmtpServer } from '../../../../tests/support/smtp-server.ts'
import type { OutboxWorker } from '../../platform/mail/worker.ts'

const paypal = new FakePayPal()
const smtp = new TestSmtpServer()
const c = setUpCancellationTest(paypal)
let worker: OutboxWorker

beforeAll(async () => {
  await smtp.start()
  worker = smtpOutboxWorker(c.t.database.db, smtp, () => c.clock.now, c.t.config)
  // The venue takes a notice of each booking, so its change notice can be counted.
  await c.t.database.db
    .updateTable('venues')
    .set({ bookings_email: 'desk@marina.example.bh', booking_notices: 'each' })
    .where('id', '=', 'manama-marina-hotel')
    .execute()
})
afterAll(() => smtp.stop())

const hourOf = (time: string) => Number(time.slice(0, 2))
const move = (id: number, body: object, cookie = c.nour.cookie) =>
  post(c.t, `/api/bookings/${id}/change-date`, body, cookie)

async function mailsOf(template: string) {
  return c.t.database.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'language', 'payload'])
    .where('template', '=', template)
    .orderBy('id')
    .execute()
}

async function sequenceOf(id: number) {
  const file = await get(c.t, `/api/bookings/${id}/calendar.ics`, c.nour.cookie)
  expect(file.statusCode).toBe(200)
  const component = new ICAL.Component(ICAL.parse(file.body)).getFirstSubcomponent('vevent')
  if (!component) throw new Error('an event expected')
  const event = new ICAL.Event(component)
  return { uid: event.uid, sequence: event.sequence, start: event.startDate.toJSDate().toISOString() }
}

async function rowsOf(ids: number[]) {
  return c.t.database.db
    .selectFrom('confirmed_bookings')
    .select(['id', 'reference', 'booking_date', 'booking_time', 'price_fils', 'date_changes'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute()
}

describe('moving a card-paid party to a cheaper day', () => {
  it('moves every person, frees the old places, refunds the difference once, tells the visitor and the venue', async () => {
    // Saturday 5 December (weekend price BD 12.000) to Thursday 10 December (weekday BD 10.000).
    const order = await paidCardOrder(
      c.t,
      [line({ date: '2026-12-05', time: '10:00', quantity: 2 })],
      c.nour.cookie,
    )
    const ids = order.bookings.map((b) => b.id)
    const before = await rowsOf(ids)
    const calendarBefore = await sequenceOf(ids[0] ?? 0)
    const changeMails = (await mailsOf('booking-date-change')).length
    const notices = (await mailsOf('venue-booking-notice')).length
    expect(await placesTaken(c.t, 10, '2026-12-05')).toBe(2)
    // The first person's reminder has gone already, as if the move came on the eve of the visit.
    await c.t.database.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: new Date(), attempts: 1 })
      .where('template', '=', 'booking-reminder')
      .where(sql<string>`payload ->> 'bookingId'`, '=', String(ids[0]))
      .execute()

    const answer = await move(ids[0] ?? 0, { date: '2026-12-10', time: '11:00' })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({ changedIds: ids, differenceFils: -2000, refundFils: 4000 })

    const after = await rowsOf(ids)
    expect(after.map((row) => row.reference)).toEqual(before.map((row) => row.reference))
    expect(
      after.map((row) => [row.booking_date, row.booking_time, row.price_fils, row.date_changes]),
    ).toEqual([
      ['2026-12-10', '11:00', 10_000, 1],
      ['2026-12-10', '11:00', 10_000, 1],
    ])
    expect(await placesTaken(c.t, 10, '2026-12-05')).toBe(0)
    expect(await placesTaken(c.t, 11, '2026-12-10')).toBe(2)

    const refunds = (await refundRows(c.t)).filter((row) => row.order_id === order.id)
    expect(refunds.map((row) => [row.booking_id, row.amount_fils, row.change_number, row.status])).toEqual([
      [ids[0], 2000, 1, 'refunded'],
      [ids[1], 2000, 1, 'refunded'],
    ])
    expect(paypal.requestsTo('refund').map((r) => r.headers['paypal-request-id'])).toEqual(
      ids.map((id) => `refund-${order.id}-${id}-change-1`),
    )

    // Each person's reminder is due a day before the new start: the one sent for the old date again.
    const reminders = await c.t.database.db
      .selectFrom('mail_outbox')
      .select(['payload', 'next_attempt_at'])
      .where('template', '=', 'booking-reminder')
      .where('status', '=', 'pending')
      .execute()
    const due = reminders.filter((row) => ids.includes(Number(row.payload.bookingId)))
    expect(due.map((row) => row.next_attempt_at.toISOString())).toEqual(
      Array(2).fill('2026-12-09T08:00:00.000Z'),
    )

    const calendarAfter = await sequenceOf(ids[0] ?? 0)
    expect(calendarAfter.uid).toBe(calendarBefore.uid)
    expect(calendarAfter.sequence).toBeGreaterThan(calendarBefore.sequence)
    expect(calendarAfter.start).toBe('2026-12-10T08:00:00.000Z')

    expect((await mailsOf('booking-date-change')).slice(changeMails)).toEqual([
      {
        to_address: 'nour@example.bh',
        language: 'en',
        payload: { bookingIds: ids, previous: { date: '2026-12-05', time: '10:00' }, differenceFils: -2000 },
      },
    ])
    const changed = (await mailsOf('venue-booking-notice')).slice(notices)
    expect(changed).toEqual([
      {
        to_address: 'desk@marina.example.bh',
        language: 'en',
        payload: { event: 'changed', bookingIds: ids, previous: { date: '2026-12-05', time: '10:00' } },
      },
    ])

    // The visitor's mail, through SMTP: the new date, the refund and the party's updated calendar entry.
    await worker.runOnce()
    const mail = smtp.messages.find((message) => message.subject?.startsWith('New date for your booking'))
    expect(mail?.text).toContain('10/12/2026')
    expect(mail?.text).toContain('BD 4.000')
    const calendars = mail?.attachments.filter((file) => file.contentType === 'text/calendar') ?? []
    expect(calendars).toHaveLength(1)
    const entry = calendars[0]?.content.toString('utf8') ?? ''
    expect(entry.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    expect(entry).toContain(`UID:party-${ids[0]}@`)

    // Asked again: already there, nothing moves and nothing more goes back.
    const again = await move(ids[0] ?? 0, { date: '2026-12-10', time: '11:00' })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({ changedIds: [], refundFils: 0 })
    expect((await refundRows(c.t)).filter((row) => row.order_id === order.id)).toHaveLength(2)
    expect(paypal.requestsTo('refund')).toHaveLength(2)
    expect((await mailsOf('booking-date-change')).length).toBe(changeMails + 1)

    // Cancelled later, a visit gives back its new price beside the move's difference.
    const cancelled = await post(c.t, `/api/bookings/${ids[1]}/cancel`, {}, c.nour.cookie)
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect((await refundRows(c.t, ids[1])).map((row) => [row.amount_fils, row.change_number])).toEqual([
      [2000, 1],
      [10_000, null],
    ])
  })
})

describe('the deadline', () => {
  it('is the free cancellation’s, to the second, and a refusal changes nothing', async () => {
    const order = await paidCardOrder(c.t, [line({ date: '2026-12-03', time: '15:00' })], c.nour.cookie)
    const id = order.bookings[0]?.id ?? 0
    const deadline = new Date(new Date('2026-12-03T15:00:00+03:00').getTime() - 24 * 3_600_000)
    c.clock.now = deadline
    const late = await move(id, { date: '2026-12-03', time: '16:00' })
    expect(late.statusCode).toBe(409)
    expect(late.json().error.code).toBe('CHANGE_TOO_LATE')
    expect((await rowsOf([id]))[0]).toMatchObject({ booking_time: '15:00', date_changes: 0 })
    expect(await placesTaken(c.t, 15, '2026-12-03')).toBe(1)

    c.clock.now = new Date(deadline.getTime() - 1000)
    const inTime = await move(id, { date: '2026-12-03', time: '16:00' })
    expect(inTime.statusCode, inTime.body).toBe(200)
    expect(inTime.json().changedIds).toEqual([id])
    expect(await placesTaken(c.t, 15, '2026-12-03')).toBe(0)
  })
})

describe('the new slot', () => {
  it('must have a place for each person: refused with the places left, and nothing changes', async () => {
    const order = await paidCardOrder(
      c.t,
      [line({ date: '2026-12-08', time: '10:00', quantity: 3 })],
      c.nour.cookie,
    )
    const ids = order.bookings.map((b) => b.id)
    // Another booker holds 18 of the 20 places of Wednesday 9 December at 10:00.
    await c.t.database.db
      .insertInto('slot_occupancy')
      .values({
        venue_id: 'manama-marina-hotel',
        slot_date: '2026-12-09',
        slot_hour: 10,
        capacity: 20,
        taken: 18,
      })
      .execute()
    const mails = (await mailsOf('booking-date-change')).length

    const refused = await move(ids[0] ?? 0, { date: '2026-12-09', time: '10:00' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatchObject({ code: 'PLACES_LEFT', params: { left: 2 } })
    expect((await rowsOf(ids)).map((row) => row.booking_date)).toEqual(Array(3).fill('2026-12-08'))
    expect(await placesTaken(c.t, hourOf('10:00'), '2026-12-08')).toBe(3)
    expect(await placesTaken(c.t, hourOf('10:00'), '2026-12-09')).toBe(18)
    expect((await mailsOf('booking-date-change')).length).toBe(mails)
  })
})

describe('the booker’s places on the new day', () => {
  it('count against the venue’s cap per booker and day, as a new order would; a move within the day does not', async () => {
    const venue = c.t.database.db.updateTable('venues').where('id', '=', 'manama-marina-hotel')
    await venue.set({ max_places_per_day_per_booker: 5 }).execute()
    try {
      const monday = await paidCardOrder(
        c.t,
        [line({ date: '2026-12-14', time: '10:00', quantity: 3 })],
        c.nour.cookie,
      )
      const tuesday = await paidCardOrder(
        c.t,
        [line({ date: '2026-12-15', time: '10:00', quantity: 3 })],
        c.nour.cookie,
      )
      const ids = tuesday.bookings.map((b) => b.id)

      const refused = await move(ids[0] ?? 0, { date: '2026-12-14', time: '11:00' })
      expect(refused.statusCode).toBe(409)
      expect(refused.json().error.code).toBe('DAY_CAP_EXCEEDED')
      expect((await rowsOf(ids)).map((row) => row.booking_date)).toEqual(Array(3).fill('2026-12-15'))
      expect(await placesTaken(c.t, 11, '2026-12-14')).toBe(0)

      // Monday's party moving within Monday holds the same places it held.
      const within = await move(monday.bookings[0]?.id ?? 0, { date: '2026-12-14', time: '12:00' })
      expect(within.statusCode, within.body).toBe(200)
    } finally {
      await venue.set({ max_places_per_day_per_booker: 8 }).execute()
    }
  })
})

describe('two parties moving into one slot at once', () => {
  it('takes places under the slot’s lock: one party fits, the other is told how many are left', async () => {
    const parties = await Promise.all(
      ['11:00', '12:00'].map((time) =>
        paidCardOrder(c.t, [line({ date: '2026-12-21', time, quantity: 3 })], c.nour.cookie),
      ),
    )
    // 4 of the 20 places of Tuesday 22 December at 10:00 are left: room for one party of 3.
    await c.t.database.db
      .insertInto('slot_occupancy')
      .values({
        venue_id: 'manama-marina-hotel',
        slot_date: '2026-12-22',
        slot_hour: 10,
        capacity: 20,
        taken: 16,
      })
      .execute()
    const answers = await Promise.all(
      parties.map((order) => move(order.bookings[0]?.id ?? 0, { date: '2026-12-22', time: '10:00' })),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const refused = answers.find((answer) => answer.statusCode === 409)
    expect(refused?.json().error).toMatchObject({ code: 'PLACES_LEFT', params: { left: 1 } })
    expect(await placesTaken(c.t, 10, '2026-12-22')).toBe(19)
  })
})

describe('how often a visit moves', () => {
  it('is at most 3 times: of 20 moves sent at once, 3 move it and mail the venue, 17 are refused in words', async () => {
    // Thursday 24 December; twenty other weekday slots at the same weekday price.
    const order = await paidCardOrder(c.t, [line({ date: '2026-12-24', time: '10:00' })], c.nour.cookie)
    const id = order.bookings[0]?.id ?? 0
    const targets = ['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30'].flatMap((date) =>
      ['10:00', '11:00', '12:00', '13:00', '14:00'].map((time) => ({ date, time })),
    )
    // The visitor's mails of a move, and the venue's change notices (not its notice of the booking).
    const ofThisVisit = async (template: string) =>
      (await mailsOf(template)).filter(
        (mail) =>
          (mail.payload.bookingIds as number[]).includes(id) &&
          (template !== 'venue-booking-notice' || mail.payload.event === 'changed'),
      ).length
    const answers = await Promise.all(targets.map((target) => move(id, target)))

    const moved = answers.filter((answer) => answer.statusCode === 200)
    const refused = answers.filter((answer) => answer.statusCode !== 200)
    expect(moved).toHaveLength(3)
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(409)
      expect(answer.json().error).toMatchObject({ code: 'CHANGE_LIMIT_REACHED', params: { limit: 3 } })
      expect(answer.json().error.message).toContain('cancel and book again')
    }
    const [row] = await rowsOf([id])
    expect(row?.date_changes).toBe(3)
    expect(await ofThisVisit('booking-date-change')).toBe(3)
    expect(await ofThisVisit('venue-booking-notice')).toBe(3)
    // The place is held once, where the visit is now; every slot it passed through is free again.
    const hour = Number(row?.booking_time.slice(0, 2))
    expect(await placesTaken(c.t, hour, row?.booking_date ?? '')).toBe(1)
    expect(await placesTaken(c.t, 10, '2026-12-24')).toBe(0)

    // Asked for the slot it is at, nothing changes and nothing is refused.
    const again = await move(id, { date: row?.booking_date ?? '', time: row?.booking_time ?? '' })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().changedIds).toEqual([])
  })
})

describe('a dearer day', () => {
  it('is refused for a card payment, with the way out in words', async () => {
    const order = await paidCardOrder(c.t, [line({ date: '2026-12-14', time: '10:00' })], c.nour.cookie)
    const id = order.bookings[0]?.id ?? 0
    const refused = await move(id, { date: '2026-12-12', time: '10:00' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('CHANGE_PRICE_HIGHER')
    expect(refused.json().error.message).toContain('Cancel and book again')
    expect((await rowsOf([id]))[0]).toMatchObject({ booking_date: '2026-12-14', price_fils: 10_000 })
  })

  it('is simply due at the venue for a guest paying there, moved through the manage link that stays valid', async () => {
    const placed = await placeOrder(c.t, {
      items: [line({ date: '2026-12-15', time: '10:00', quantity: 2 })],
      paymentMethod: 'venue',
      guest: guest(c.t),
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const [booking] = placed.json().bookings as { id: number; manageToken: string }[]
    if (!booking) throw new Error('a booking expected')
    const url = `/api/manage/${encodeURIComponent(booking.manageToken)}`
    const moved = await post(c.t, `${url}/change-date`, { date: '2026-12-12', time: '10:00' })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ differenceFils: 2000, refundFils: 0 })
    expect(moved.json().changedIds).toHaveLength(2)
    expect(moved.json().bookings[0]).toMatchObject({ date: '2026-12-12', priceFils: 12_000 })
    const page = await get(c.t, url)
    expect(page.statusCode).toBe(200)
    expect(page.json().booking.date).toBe('2026-12-12')
    expect(await refundRows(c.t, booking.id)).toEqual([])
  })
})

describe('who may move a visit', () => {
  it('is the account that booked it: another visitor’s visit is not found, and nothing changes', async () => {
    const order = await paidCardOrder(c.t, [line({ date: '2026-12-16', time: '10:00' })], c.nour.cookie)
    const id = order.bookings[0]?.id ?? 0
    const answer = await move(id, { date: '2026-12-17', time: '10:00' }, c.other.cookie)
    expect(answer.statusCode).toBe(404)
    expect(answer.json().error.code).toBe('BOOKING_NOT_FOUND')
    expect((await rowsOf([id]))[0]?.booking_date).toBe('2026-12-16')
  })
})
