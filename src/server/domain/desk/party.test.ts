import { describe, expect, it } from 'vitest'
import { auditOf, book, redeem, send, setUpDeskTest, venueA, venueB } from '../../../../tests/support/desk.ts'
import type { DeskParty, DeskPartyAnswer } from '../../../shared/desk.ts'
import { issueReceipts } from '../receipts/receipts.ts'

const d = setUpDeskTest()

/** A party of `quantity` people (clock: 08:30 on 1 December, the 09:00 slot is open for check-in). */
async function party(quantity: number, options: { paid?: boolean; venue?: string; time?: string } = {}) {
  const first = await book(d.t, { quantity, ...options })
  const rows = await d.t.database.db
    .selectFrom('confirmed_bookings')
    .select(['id', 'reference'])
    .where('order_id', '=', first.order_id)
    .orderBy('id')
    .execute()
  return { first, ids: rows.map((row) => Number(row.id)), references: rows.map((row) => row.reference) }
}

/** 17:45 on 1 December: the 18:00 slot's check-in window is open. */
const eveningClock = new Date('2026-12-01T14:45:00Z')

const partyUrl = (id: number) => `/api/desk/bookings/${id}/party`

async function readParty(cookie: string, id: number): Promise<DeskParty> {
  const response = await send(d.t, cookie, 'GET', partyUrl(id))
  expect(response.statusCode, response.body).toBe(200)
  return response.json().party
}

describe('a party at the desk', () => {
  it('is the same whole party from any of its tickets, with what is due', async () => {
    const { ids, first } = await party(4)
    expect(ids).toHaveLength(4)
    for (const id of ids) {
      const shown = await readParty(d.staffA.cookie, id)
      expect(shown.bookings.map((booking) => booking.id)).toEqual(ids)
      expect(shown.orderId).toBe(first.order_id)
      expect(shown.dueFils).toBe(4 * first.price_fils)
    }
  })

  it('collects for the whole party once: the sum, and a second tap records nothing', async () => {
    const { ids, first } = await party(3)
    const [one, two] = await Promise.all(
      [1, 2].map(() =>
        send(d.t, d.staffA.cookie, 'POST', `${partyUrl(ids[1] ?? 0)}/payment`, { method: 'cash' }),
      ),
    )
    const answers = [one, two].map((response) => response?.statusCode).sort()
    expect(answers).toEqual([200, 409])
    const paid = [one, two].find((response) => response?.statusCode === 200)?.json() as DeskPartyAnswer
    expect(paid.collectedFils).toBe(3 * first.price_fils)
    expect(paid.changedIds).toEqual(ids)
    expect(paid.party.dueFils).toBe(0)
    for (const id of ids)
      expect((await auditOf(d.t, id)).map((entry) => entry.action)).toEqual(['booking.desk_payment'])
  })

  it('checks in all with one request, and skips those already in', async () => {
    const { ids, references } = await party(4, { paid: true })
    // One of them scanned alone first.
    const alone = await redeem(d.t, d.staffA.cookie, { text: references[2] ?? '' })
    expect(alone.json().status).toBe('ok')
    const response = await send(d.t, d.staffA.cookie, 'POST', `${partyUrl(ids[0] ?? 0)}/check-in`, {})
    expect(response.statusCode, response.body).toBe(200)
    const answer: DeskPartyAnswer = response.json()
    expect(answer.changedIds).toEqual(ids.filter((_, index) => index !== 2))
    expect(answer.party.bookings.every((booking) => booking.state === 'checked_in')).toBe(true)
    const again: DeskPartyAnswer = (
      await send(d.t, d.staffA.cookie, 'POST', `${partyUrl(ids[3] ?? 0)}/check-in`, {})
    ).json()
    expect(again.changedIds).toEqual([])
  })

  it('checks in only those who may come in: an unpaid party waits for payment', async () => {
    const { ids } = await party(2)
    const answer: DeskPartyAnswer = (
      await send(d.t, d.staffA.cookie, 'POST', `${partyUrl(ids[0] ?? 0)}/check-in`, {})
    ).json()
    expect(answer.changedIds).toEqual([])
    await send(d.t, d.staffA.cookie, 'POST', `${partyUrl(ids[0] ?? 0)}/payment`, { method: 'card' })
    const after: DeskPartyAnswer = (
      await send(d.t, d.staffA.cookie, 'POST', `${partyUrl(ids[0] ?? 0)}/check-in`, {})
    ).json()
    expect(after.changedIds).toEqual(ids)
  })

  it('says why nobody went in: before the window, each visit is too early, with when check-in opens', async () => {
    // 08:30 on 1 December; the party comes at 18:00, and the venue opens check-in 30 minutes before.
    const { ids } = await party(3, { paid: true, time: '18:00' })
    const response = await send(d.t, d.staffA.cookie, 'POST', `${partyUrl(ids[0] ?? 0)}/check-in`, {})
    expect(response.statusCode, response.body).toBe(200)
    const answer: DeskPartyAnswer = response.json()
    expect(answer.changedIds).toEqual([])
    // 18:00 Bahrain is 15:00 UTC: the window runs from 17:30 to 19:00 Bahrain time.
    expect(answer.notCheckedIn).toEqual(
      ids.map((id) => ({
        id,
        reason: 'too_early',
        opensAt: '2026-12-01T14:30:00.000Z',
        closesAt: '2026-12-01T16:00:00.000Z',
      })),
    )
    // In the window (17:45), unpaid visits say so; one already in says that, and no reason is
    // given for one checked in now.
    const unpaid = await party(2, { time: '18:00' })
    d.clock.now = eveningClock
    const mixed: DeskPartyAnswer = (
      await send(d.t, d.staffA.cookie, 'POST', `${partyUrl(unpaid.ids[0] ?? 0)}/check-in`, {})
    ).json()
    expect(mixed.notCheckedIn?.map((visit) => visit.reason)).toEqual(['unpaid', 'unpaid'])
    const overridden: DeskPartyAnswer = (
      await send(d.t, d.staffA.cookie, 'POST', `${partyUrl(ids[0] ?? 0)}/check-in`, { override: true })
    ).json()
    expect(overridden.changedIds).toEqual(ids)
    expect(overridden.notCheckedIn).toEqual([])
    const again: DeskPartyAnswer = (
      await send(d.t, d.staffA.cookie, 'POST', `${partyUrl(ids[0] ?? 0)}/check-in`, {})
    ).json()
    expect(again.notCheckedIn?.map((visit) => visit.reason)).toEqual(Array(3).fill('already_checked_in'))
  })

  it('10 parallel "check in all" check each visit in once', async () => {
    const { ids } = await party(4, { paid: true })
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        send(
          d.t,
          index % 2 ? d.manager : d.staffA.cookie,
          'POST',
          `${partyUrl(ids[index % 4] ?? 0)}/check-in`,
          {},
        ),
      ),
    )
    for (const response of responses) expect(response.statusCode, response.body).toBe(200)
    const changed = responses.flatMap((response) => (response.json() as DeskPartyAnswer).changedIds)
    expect(changed.sort((a, b) => a - b)).toEqual(ids)
    for (const id of ids)
      expect((await auditOf(d.t, id)).map((entry) => entry.action)).toEqual(['booking.check_in'])
  })

  it('undoes a mistaken collect, audited, until the visit is checked in; a second undo records nothing', async () => {
    const { ids, first } = await party(3, { time: '18:00' })
    d.clock.now = eveningClock
    const url = `${partyUrl(ids[1] ?? 0)}/payment`
    expect((await send(d.t, d.staffA.cookie, 'POST', url, { method: 'cash' })).statusCode).toBe(200)
    const undone = await send(d.t, d.staffA.cookie, 'DELETE', url)
    expect(undone.statusCode, undone.body).toBe(200)
    const answer: DeskPartyAnswer = undone.json()
    expect(answer.changedIds).toEqual(ids)
    expect(answer.undoneFils).toBe(3 * first.price_fils)
    expect(answer.party.dueFils).toBe(3 * first.price_fils)
    expect(answer.party.bookings.every((booking) => booking.deskPayment === null)).toBe(true)
    for (const id of ids) {
      const audit = await auditOf(d.t, id)
      expect(audit.map((entry) => entry.action)).toEqual([
        'booking.desk_payment',
        'booking.desk_payment_undo',
      ])
      expect(audit[1]?.before).toMatchObject({ deskPayment: 'cash', amountFils: first.price_fils })
    }
    const again = await send(d.t, d.staffA.cookie, 'DELETE', url)
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('DESK_PAYMENT_NOT_COLLECTED')

    // Collected again, by card this time; once they are in, the payment stays.
    expect((await send(d.t, d.staffA.cookie, 'POST', url, { method: 'card' })).statusCode).toBe(200)
    expect(
      (await send(d.t, d.staffA.cookie, 'POST', `${partyUrl(ids[0] ?? 0)}/check-in`, {})).statusCode,
    ).toBe(200)
    const late = await send(d.t, d.manager, 'DELETE', url)
    expect(late.statusCode).toBe(409)
    expect(late.json().error.code).toBe('DESK_PAYMENT_UNDO_CHECKED_IN')
    const rows = await d.t.database.db
      .selectFrom('confirmed_bookings')
      .select(['desk_payment_method', 'checked_in_at'])
      .where('id', 'in', ids)
      .execute()
    expect(rows.every((row) => row.desk_payment_method === 'card' && row.checked_in_at !== null)).toBe(true)
  })

  it('lets staff undo a collect for 15 minutes and a manager later; never a no-show’s or a receipted one', async () => {
    const { ids, first } = await party(2, { time: '18:00' })
    const absent = await party(1)
    const absentUrl = `${partyUrl(absent.ids[0] ?? 0)}/payment`
    expect((await send(d.t, d.staffA.cookie, 'POST', absentUrl, { method: 'cash' })).statusCode).toBe(200)
    d.clock.now = eveningClock
    const url = `${partyUrl(ids[0] ?? 0)}/payment`
    const paid = async () =>
      (
        await d.t.database.db
          .selectFrom('confirmed_bookings')
          .select('desk_paid_at')
          .where('id', 'in', ids)
          .execute()
      ).map((row) => row.desk_paid_at !== null)
    expect((await send(d.t, d.staffA.cookie, 'POST', url, { method: 'cash' })).statusCode).toBe(200)
    d.clock.now = new Date(eveningClock.getTime() + 16 * 60_000)
    const tooLate = await send(d.t, d.staffA.cookie, 'DELETE', url)
    expect(tooLate.statusCode).toBe(409)
    expect(tooLate.json().error.code).toBe('DESK_PAYMENT_UNDO_TOO_LATE')
    expect(await paid()).toEqual([true, true])
    expect((await send(d.t, d.manager, 'DELETE', url)).statusCode).toBe(200)

    // Once the visitor has the venue's receipt, the payment on it stays, whoever asks.
    expect((await send(d.t, d.staffA.cookie, 'POST', url, { method: 'card' })).statusCode).toBe(200)
    await issueReceipts(d.t.database.db, first.order_id, [venueA], d.clock.now)
    const receipted = await send(d.t, d.manager, 'DELETE', url)
    expect(receipted.statusCode).toBe(409)
    expect(receipted.json().error.code).toBe('DESK_PAYMENT_UNDO_RECEIPTED')
    expect(await paid()).toEqual([true, true])

    // A no-show is a fact of the desk, as a check-in is.
    d.clock.now = new Date('2026-12-02T07:00:00Z')
    const marked = await send(d.t, d.manager, 'POST', `/api/desk/bookings/${absent.ids[0]}/no-show`, {})
    expect(marked.statusCode, marked.body).toBe(200)
    const noShow = await send(d.t, d.manager, 'DELETE', absentUrl)
    expect(noShow.statusCode).toBe(409)
    expect(noShow.json().error.code).toBe('DESK_PAYMENT_UNDO_NO_SHOW')
  })

  it('20 collects and undos at once, from two desks, leave each visit paid or not, as its audit says', async () => {
    const { ids, first } = await party(2, { time: '18:00' })
    d.clock.now = eveningClock
    const url = `${partyUrl(ids[0] ?? 0)}/payment`
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2
          ? send(d.t, index % 4 === 1 ? d.manager : d.staffA.cookie, 'DELETE', url)
          : send(d.t, index % 4 === 0 ? d.staffA.cookie : d.manager, 'POST', url, { method: 'cash' }),
      ),
    )
    for (const response of responses) expect([200, 409], response.body).toContain(response.statusCode)
    const answers = responses.filter((r) => r.statusCode === 200).map((r) => r.json() as DeskPartyAnswer)
    const rows = await d.t.database.db
      .selectFrom('confirmed_bookings')
      .select(['id', 'desk_paid_at', 'desk_payment_method', 'desk_paid_by'])
      .where('id', 'in', ids)
      .execute()
    for (const row of rows) {
      const actions = (await auditOf(d.t, Number(row.id))).map((entry) => entry.action)
      // Collect, undo, collect…: never two of one in a row, and the last says how it stands.
      expect(actions).toEqual(
        actions.map((_, index) => (index % 2 ? 'booking.desk_payment_undo' : 'booking.desk_payment')),
      )
      const paid = actions.length % 2 === 1
      expect(row.desk_paid_at !== null).toBe(paid)
      expect(row.desk_payment_method !== null).toBe(paid)
      expect(row.desk_paid_by !== null).toBe(paid)
    }
    // What the answers collected less what they undid is what is held now.
    const held = rows.filter((row) => row.desk_paid_at !== null).length * first.price_fils
    const sum = (key: 'collectedFils' | 'undoneFils') =>
      answers.reduce((total, answer) => total + (answer[key] ?? 0), 0)
    expect(sum('collectedFils') - sum('undoneFils')).toBe(held)
  })

  it('another venue’s staff gets nothing: 404 as for an unknown visit, and nothing changes', async () => {
    const { ids } = await party(2, { paid: true })
    const unknown = await send(d.t, d.staffB.cookie, 'GET', partyUrl(999_999))
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['POST', '/check-in', {}],
      ['POST', '/payment', { method: 'cash' }],
      ['DELETE', '/payment', undefined],
    ] as const) {
      const response = await send(d.t, d.staffB.cookie, method, `${partyUrl(ids[0] ?? 0)}${suffix}`, body)
      expect(response.statusCode).toBe(404)
      expect(response.json().code).toBe(unknown.json().code)
    }
    expect((await send(d.t, d.user, 'GET', partyUrl(ids[0] ?? 0))).statusCode).toBe(403)
    const rows = await d.t.database.db
      .selectFrom('confirmed_bookings')
      .select(['checked_in_at'])
      .where('id', 'in', ids)
      .execute()
    expect(rows.every((row) => row.checked_in_at === null)).toBe(true)
    // The party of venue B's own staff is theirs.
    const own = await party(2, { venue: venueB })
    expect((await readParty(d.staffB.cookie, own.ids[0] ?? 0)).bookings).toHaveLength(2)
  })
})
