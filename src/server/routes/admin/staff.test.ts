import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../tests/support/accounts.ts'
import { createDeskTest, type DeskTest, send, venueA, venueB } from '../../../../tests/support/desk.ts'

let d: DeskTest
beforeAll(async () => {
  d = await createDeskTest()
})
afterAll(() => d.t.close())

const db = () => d.t.database.db

describe('assigning staff to venues (canManageUsers)', () => {
  it('lists staff with their venues, sets them exactly, and audits each change', async () => {
    const staff = await signedInUser(d.t, 'staff-c@example.bh', 'staff')
    const url = `/api/admin/staff/${staff.id}/venues`
    const set = (venueIds: string[], cookie = d.admin) => send(d.t, cookie, 'PUT', url, { venueIds })
    expect((await set([venueA, venueB])).json()).toEqual({
      userId: staff.id,
      venueIds: [venueA, venueB].sort(),
    })
    expect((await set([venueB])).json().venueIds).toEqual([venueB])
    expect((await send(d.t, d.admin, 'GET', url)).json().venueIds).toEqual([venueB])
    const list = (await send(d.t, d.admin, 'GET', '/api/admin/staff')).json()
    expect(list.staff.find((member: { id: string }) => member.id === staff.id)).toMatchObject({
      email: 'staff-c@example.bh',
      venueIds: [venueB],
    })
    expect(list.venues.length).toBeGreaterThan(2)
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'venue_id', 'actor_email'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', staff.id)
      .orderBy('id')
      .execute()
    expect(audit).toEqual([
      { action: 'staff.assign', venue_id: venueA, actor_email: 'desk-admin@example.bh' },
      { action: 'staff.assign', venue_id: venueB, actor_email: 'desk-admin@example.bh' },
      { action: 'staff.unassign', venue_id: venueA, actor_email: 'desk-admin@example.bh' },
    ])
    // The desk follows at once.
    const venues = (await send(d.t, staff.cookie, 'GET', '/api/desk/venues')).json().venues
    expect(venues.map((venue: { id: string }) => venue.id)).toEqual([venueB])
  })

  it('refuses unknown venues (422), non-staff accounts (404), and anyone but an admin', async () => {
    const staff = await signedInUser(d.t, 'staff-d@example.bh', 'staff')
    const url = `/api/admin/staff/${staff.id}/venues`
    expect((await send(d.t, d.admin, 'PUT', url, { venueIds: ['no-such-venue'] })).statusCode).toBe(422)
    const plain = await signedInUser(d.t, 'plain-d@example.bh')
    expect(
      (await send(d.t, d.admin, 'PUT', `/api/admin/staff/${plain.id}/venues`, { venueIds: [] })).statusCode,
    ).toBe(404)
    for (const [cookie, status] of [
      [undefined, 401],
      [d.user, 403],
      [d.staffA.cookie, 403],
      [d.manager, 403],
    ] as const) {
      expect((await send(d.t, cookie, 'PUT', url, { venueIds: [venueA] })).statusCode).toBe(status)
      expect((await send(d.t, cookie, 'GET', url)).statusCode).toBe(status)
      expect((await send(d.t, cookie, 'GET', '/api/admin/staff')).statusCode).toBe(status)
    }
    expect((await send(d.t, d.admin, 'GET', url)).json().venueIds).toEqual([])
  })
})
