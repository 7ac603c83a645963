import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../tests/support/accounts.ts'
import { bookAtVenue, createCheckoutTestApp } from '../../../tests/support/checkout.ts'
import { decodeQrPng } from '../../../tests/support/qr.ts'
import type { TestApp } from '../../../tests/support/test-app.ts'
import { manageToken, readTicketText } from '../domain/visits/ticket-codes.ts'

let t: TestApp
let owner: { id: string; cookie: string }
let stranger: { id: string; cookie: string }

beforeAll(async () => {
  t = await createCheckoutTestApp()
  owner = await signedInUser(t, 'owner@example.bh')
  stranger = await signedInUser(t, 'stranger@example.bh')
})
afterAll(async () => {
  await t.close()
})

const book = (options: { cookie?: string; time: string }) => bookAtVenue(t, { time: options.time }, options)

/** The SVG drawn as pixels and read by a QR decoder, as a phone's camera would. */
async function scan(svg: string) {
  return decodeQrPng(await sharp(Buffer.from(svg)).resize(400).png().toBuffer())
}

describe('a signed-in booker’s ticket', () => {
  it('is a QR code of their own booking, and nobody else’s', async () => {
    const booking = await book({ cookie: owner.cookie, time: '15:00' })
    const url = `/api/bookings/${booking.id}/qr.svg`
    const mine = await t.app.inject({ url, headers: { cookie: owner.cookie } })
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-type']).toContain('image/svg+xml')
    expect(mine.headers['cache-control']).toContain('no-store')
    expect(readTicketText((await scan(mine.body)) ?? '')?.reference).toBe(booking.reference)

    const theirs = await t.app.inject({ url, headers: { cookie: stranger.cookie } })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.body).not.toContain(booking.reference)
    expect((await t.app.inject({ url })).statusCode).toBe(401)
  })

  it('lists each booking with its reference in My Bookings', async () => {
    const booking = await book({ cookie: owner.cookie, time: '16:00' })
    const list = await t.app.inject({ url: '/api/bookings', headers: { cookie: owner.cookie } })
    expect(list.json().bookings.map((entry: { reference: string }) => entry.reference)).toContain(
      booking.reference,
    )
  })
})

describe('a guest’s manage link', () => {
  it('opens the booking and its ticket without an account', async () => {
    const booking = await book({ time: '17:00' })
    const token = manageToken(t.config.AUTH_SECRET, booking)
    const answer = await t.app.inject({ url: `/api/manage/${token}` })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({
      booking: { id: booking.id, reference: booking.reference, time: '17:00' },
      firstName: booking.guest_first_name,
    })
    const qr = await t.app.inject({ url: `/api/manage/${token}/qr.svg` })
    expect(readTicketText((await scan(qr.body)) ?? '')?.reference).toBe(booking.reference)
  })

  it('answers 404 to a forged, altered or revoked token', async () => {
    const booking = await book({ time: '18:00' })
    const token = manageToken(t.config.AUTH_SECRET, booking)
    const forged = manageToken('not-the-server-secret-but-just-as-long!!', booking)
    const otherId = token.replace(/^\d+/, String(booking.id - 1))
    for (const bad of [forged, otherId, `${token}A`, 'x']) {
      const answer = await t.app.inject({ url: `/api/manage/${encodeURIComponent(bad)}` })
      expect(answer.statusCode, bad).toBe(404)
      expect(answer.json().error.code).toBe('BOOKING_NOT_FOUND')
    }
    // A path that climbs out is no booking either (no route at all).
    const climbing = await t.app.inject({ url: `/api/manage/${encodeURIComponent('../bookings')}` })
    expect(climbing.statusCode).toBe(404)
    // A change to the booking raises its version: the link sent before stops working.
    await t.database.db
      .updateTable('confirmed_bookings')
      .set({ manage_version: 2 })
      .where('id', '=', booking.id)
      .execute()
    expect((await t.app.inject({ url: `/api/manage/${token}` })).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/manage/${token}/qr.svg` })).statusCode).toBe(404)
  })
})
