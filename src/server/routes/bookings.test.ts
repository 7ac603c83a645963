import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, signedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { todayInBahrain } from '../../shared/bahrain-time.ts'
import { myBookingsSchema } from '../../shared/visits.ts'

let t: TestApp
const origin = 'http://localhost:3000'

let layla: { id: string; cookie: string }
let omar: { id: string; cookie: string }

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: origin })
  layla = await signedIn('layla@example.bh')
  omar = await signedIn('omar@example.bh')
})
afterAll(() => t.close())

const signedIn = (email: string) => signedInUser(t, email)

/** A confirmed order with one booking per visit, written the way checkout stores them. */
async function seedOrder(
  userId: string | null,
  visits: { date: string; time: string; gym?: string; paymentStatus?: 'paid' | 'pay at venue' }[],
) {
  const orderId = randomUUID()
  await t.database.db
    .insertInto('orders')
    .values({
      id: orderId,
      user_id: userId,
      contact_email: 'someone@example.bh',
      language: 'en',
      payment_method: 'venue',
      status: 'confirmed',
      items: '[]',
      total_fils: 14000 * visits.length,
      total_usd_cents: 3710 * visits.length,
    })
    .execute()
  for (const visit of visits) {
    await t.database.db
      .insertInto('confirmed_bookings')
      .values({
        order_id: orderId,
        user_id: userId,
        venue_id: visit.gym ?? 'gulf-hotel',
        venue_name: `Gym ${visit.gym ?? 'gulf-hotel'}`,
        venue_name_ar: `نادي ${visit.gym ?? 'gulf-hotel'}`,
        pass_id: 'adult',
        pass_name: 'Adult - Gym and pool',
        pass_name_ar: 'بالغ - النادي والمسبح',
        pass_price: 'BD 14.000',
        price_fils: 14000,
        booking_date: visit.date,
        booking_time: visit.time,
        location: 'Adliya, Manama',
        location_ar: 'العدلية، المنامة',
        payment_status: visit.paymentStatus ?? 'pay at venue',
        commission_basis_points: 1500,
        guest_email: userId ? null : 'guest@example.bh',
        guest_first_name: userId ? null : 'Guest',
        guest_last_name: userId ? null : 'Visitor',
        guest_mobile: userId ? null : '+97312345678',
      })
      .execute()
  }
  return orderId
}

function getBookings(cookie?: string, url = '/api/bookings') {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
}

describe('GET /api/bookings', () => {
  it('refuses an anonymous visitor with 401', async () => {
    const response = await getBookings()
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('SIGN_IN_REQUIRED')
  })

  it('refuses a guest session with 401, even when the guest has bookings', async () => {
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/anonymous',
      payload: {},
      headers: { origin },
    })
    const cookie = cookieFrom(guest)
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })
    expect(session.json().user.isGuest).toBe(true)
    await seedOrder(session.json().user.id, [{ date: '2026-05-01', time: '10:00' }])

    const response = await getBookings(cookie)
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('SIGN_IN_REQUIRED')
  })

  it("answers with the signed-in account's own bookings only, by date and time, fields mapped", async () => {
    const laylaOrder = await seedOrder(layla.id, [
      { date: '2026-05-02', time: '14:00', gym: 'vida-beach' },
      { date: '2026-05-02', time: '09:00', gym: 'gulf-hotel', paymentStatus: 'paid' },
      { date: '2024-11-20', time: '18:00', gym: 'ritz-carlton' },
    ])
    await seedOrder(layla.id, [{ date: '2026-04-30', time: '19:00', gym: 'four-seasons' }])
    await seedOrder(omar.id, [{ date: '2026-05-01', time: '08:00', gym: 'omar-gym' }])
    await seedOrder(null, [{ date: '2026-05-01', time: '11:00', gym: 'guest-gym' }])

    const response = await getBookings(layla.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = myBookingsSchema.parse(response.json())
    expect(body.today).toBe(todayInBahrain())
    expect(body.bookings.map((booking) => `${booking.date} ${booking.time} ${booking.gymId}`)).toEqual([
      '2024-11-20 18:00 ritz-carlton',
      '2026-04-30 19:00 four-seasons',
      '2026-05-02 09:00 gulf-hotel',
      '2026-05-02 14:00 vida-beach',
    ])

    const gulf = body.bookings[2]
    expect(gulf).toEqual({
      id: expect.any(Number),
      reference: expect.stringMatching(/^DP-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/),
      orderId: laylaOrder,
      gymId: 'gulf-hotel',
      gymName: { en: 'Gym gulf-hotel', ar: 'نادي gulf-hotel' },
      passId: 'adult',
      passName: { en: 'Adult - Gym and pool', ar: 'بالغ - النادي والمسبح' },
      price: 'BD 14.000',
      priceFils: 14000,
      date: '2026-05-02',
      time: '09:00',
      location: { en: 'Adliya, Manama', ar: 'العدلية، المنامة' },
      paymentStatus: 'paid',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      // Where it stands for cancelling (docs/decisions/024): the visit is past, so it is refused.
      cancellation: expect.objectContaining({ cancelledAt: null, noticeHours: 24, refusal: 'VISIT_STARTED' }),
    })
    expect(Math.abs(Date.parse(gulf?.createdAt ?? '') - Date.now())).toBeLessThan(60_000)
    expect(body.bookings[3]?.paymentStatus).toBe('pay at venue')
    // Nothing about guests leaks into the answer.
    expect(JSON.stringify(body)).not.toContain('guest')

    const other = myBookingsSchema.parse((await getBookings(omar.cookie)).json())
    expect(other.bookings.map((booking) => booking.gymId)).toEqual(['omar-gym'])
  })

  it('reads whose bookings from the session alone, whatever the query says', async () => {
    const response = await getBookings(
      omar.cookie,
      `/api/bookings?userId=${layla.id}&user_id=${layla.id}&id=${layla.id}`,
    )
    expect(response.statusCode).toBe(200)
    expect(response.json().bookings.map((booking: { gymId: string }) => booking.gymId)).toEqual(['omar-gym'])
    expect((await getBookings(undefined, `/api/bookings?userId=${layla.id}`)).statusCode).toBe(401)
  })

  it('answers an account with no bookings with an empty list', async () => {
    const newcomer = await signedIn('newcomer@example.bh')
    const response = await getBookings(newcomer.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ today: todayInBahrain(), bookings: [] })
  })

  it('is described in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    expect(spec.paths['/api/bookings'].get.tags).toEqual(['bookings'])
  })
})
