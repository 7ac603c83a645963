import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DeskBooking, DeskParty } from '../../../../shared/desk.ts'
import { permissionsFor } from '../../../../shared/permissions.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

const person = (id: number, reference: string, state: DeskBooking['state'] = 'to_come'): DeskBooking => ({
  id,
  reference,
  date: '2026-12-01',
  time: '09:00',
  name: 'Fatima Al Sayed',
  email: 'fatima@example.bh',
  mobile: '+97333123456',
  pass: { en: 'Adult Pool Day Pass', ar: 'تذكرة المسبح للبالغين' },
  priceFils: 15_500,
  paymentStatus: 'pay at venue',
  deskPayment: null,
  deskRefund: null,
  state,
  checkedInAt: null,
  checkInOverride: null,
  noShowAt: null,
})
const references = ['DP-AAAA-1111', 'DP-BBBB-2222', 'DP-CCCC-3333', 'DP-DDDD-4444']

/** The desk's API for a party of four, paid at the venue: what it answers changes as the desk acts. */
function stubApi({ windowOpen = true, scanned = 'unpaid' }: { windowOpen?: boolean; scanned?: string } = {}) {
  const sent: Array<{ url: string; method: string; body: unknown }> = []
  let paid = false
  let inside = false
  const party = (): DeskParty => ({
    orderId: 'order-1',
    bookings: references.map((reference, index) => ({
      ...person(51 + index, reference, inside ? 'checked_in' : 'to_come'),
      ...(paid ? { deskPayment: { method: 'cash' as const, at: '2026-12-01T05:40:00Z' } } : {}),
    })),
    dueFils: paid ? 0 : 62_000,
  })
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    sent.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    if (url === '/api/desk/venues')
      return Response.json({
        venues: [
          {
            id: 'manama-marina-hotel',
            name: { en: 'Manama Marina Hotel', ar: 'فندق مرسى المنامة' },
            checkInOpensMinutes: 30,
            checkInClosesMinutes: 60,
          },
        ],
      })
    if (url.startsWith('/api/desk/bookings?'))
      return Response.json({ venueId: 'manama-marina-hotel', date: '2026-12-01', slots: [] })
    if (url === '/api/desk/redeem')
      return Response.json({ status: scanned, booking: person(52, references[1] ?? '') })
    if (url === '/api/desk/bookings/52/party') return Response.json({ party: party() })
    if (url === '/api/desk/bookings/51/party/payment' && method === 'DELETE') {
      paid = false
      return Response.json({ party: party(), changedIds: [51, 52, 53, 54], undoneFils: 62_000 })
    }
    if (url === '/api/desk/bookings/51/party/payment') {
      paid = true
      return Response.json({ party: party(), changedIds: [51, 52, 53, 54], collectedFils: 62_000 })
    }
    if (url === '/api/desk/bookings/51/party/check-in') {
      // Outside the check-in window nobody goes in, unless staff override it.
      if (!windowOpen && !JSON.parse(String(init?.body)).override)
        return Response.json({
          party: party(),
          changedIds: [],
          // The 09:00 slot's window, 08:30 to 10:00 in Bahrain.
          notCheckedIn: [51, 52, 53, 54].map((id) => ({
            id,
            reason: 'too_early',
            opensAt: '2026-12-01T05:30:00Z',
            closesAt: '2026-12-01T07:00:00Z',
          })),
        })
      inside = true
      return Response.json({ party: party(), changedIds: [51, 52, 53, 54] })
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
  return sent
}

async function scanSecondTicket() {
  renderRoutes(routes, { path: '/desk', session: signedInAs('staff', permissionsFor('staff')) })
  const field = await screen.findByRole('textbox', { name: 'Scan or type a reference' }, { timeout: 15_000 })
  fireEvent.change(field, { target: { value: references[1] } })
  fireEvent.submit(field.closest('form') as HTMLFormElement)
  return { field, card: await screen.findByRole('region', { name: 'Party of 4' }, { timeout: 5000 }) }
}

describe('a party at the desk', () => {
  it('shows the whole party from its second ticket, collects the sum once, then checks in all with one tap', async () => {
    const sent = stubApi()
    const { card } = await scanSecondTicket()
    expect(document.querySelector('[data-status="unpaid"]')).not.toBeNull()
    // Each reference once on the card: the row's check-in button names it in its label only.
    for (const reference of references)
      expect(within(card).getAllByText(new RegExp(reference))).toHaveLength(1)
    expect(within(card).getByText('Collect BD 62.000')).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Cash' }))
    await within(card).findByText('BD 62.000 collected')
    // The scanned ticket's own "collect" answer is out of date now: the party's card alone speaks.
    expect(document.querySelector('[data-status]')).toBeNull()
    // The party as the payment's answer has it, at once: nothing is still shown to collect.
    expect(within(card).queryByText('Collect BD 62.000')).toBeNull()
    const payments = sent.filter((request) => request.url.endsWith('/party/payment'))
    expect(payments).toEqual([
      { url: '/api/desk/bookings/51/party/payment', method: 'POST', body: { method: 'cash' } },
    ])
    fireEvent.click(await within(card).findByRole('button', { name: 'Check in all 4' }))
    await within(card).findByText('Everyone is checked in')
    expect(sent.filter((request) => request.url.endsWith('/party/check-in'))).toHaveLength(1)
    // The answer is the last action's alone, not glued to the payment's before it.
    expect(within(card).getByRole('status').textContent).toBe('4 checked in')
  })

  it('undoes a mistaken collect with one more tap, and offers the collect again', async () => {
    const sent = stubApi()
    const { card } = await scanSecondTicket()
    expect(within(card).queryByRole('button', { name: /^Undo collect/ })).toBeNull()
    fireEvent.click(within(card).getByRole('button', { name: 'Cash' }))
    await within(card).findByText('BD 62.000 collected')
    fireEvent.click(within(card).getByRole('button', { name: 'Undo collect (BD 62.000)' }))
    await within(card).findByText('Collect of BD 62.000 undone: nothing is recorded as paid.')
    // One answer at a time, and the collect is offered again.
    expect(within(card).queryByText('BD 62.000 collected')).toBeNull()
    expect(within(card).getByText('Collect BD 62.000')).toBeTruthy()
    expect(within(card).queryByRole('button', { name: /^Undo collect/ })).toBeNull()
    expect(sent.filter((request) => request.url.endsWith('/party/payment')).map((r) => r.method)).toEqual([
      'POST',
      'DELETE',
    ])
  })

  it('offers "Check in all anyway" when nobody could go in, and sends the override', async () => {
    const sent = stubApi({ windowOpen: false })
    const { card } = await scanSecondTicket()
    fireEvent.click(within(card).getByRole('button', { name: 'Cash' }))
    await within(card).findByText('BD 62.000 collected')
    fireEvent.click(within(card).getByRole('button', { name: 'Check in all 4' }))
    await within(card).findByText('0 checked in')
    // Why, in words, once for the party: not a bare "0".
    expect(within(card).getByRole('status').textContent).toBe(
      '0 checked in' + "This party's time is 09:00: check-in opens at 08:30.",
    )
    fireEvent.click(within(card).getByRole('button', { name: 'Check in all 4 anyway' }))
    await within(card).findByText('Everyone is checked in')
    expect(sent.filter((request) => request.url.endsWith('/party/check-in')).map((r) => r.body)).toEqual([
      {},
      { override: true },
    ])
  })

  it('says why nobody went in in the staff member’s language: Arabic, the times kept whole', async () => {
    stubApi({ windowOpen: false })
    await i18next.changeLanguage('ar')
    renderRoutes(routes, { path: '/desk', session: signedInAs('staff', permissionsFor('staff')) })
    const field = await screen.findByRole(
      'textbox',
      { name: 'امسح الرمز أو اكتب الرقم المرجعي' },
      { timeout: 5000 },
    )
    fireEvent.change(field, { target: { value: references[1] } })
    fireEvent.submit(field.closest('form') as HTMLFormElement)
    const card = await screen.findByRole('region', { name: 'مجموعة من 4' }, { timeout: 5000 })
    fireEvent.click(within(card).getByRole('button', { name: 'نقدًا' }))
    await within(card).findByText('تم تحصيل 62.000 د.ب')
    fireEvent.click(within(card).getByRole('button', { name: 'تسجيل دخول الجميع (4)' }))
    await within(card).findByText('تم تسجيل دخول 0')
    expect(
      within(card).getByText(
        'موعد هذه المجموعة الساعة \u206609:00\u2069، ويبدأ تسجيل الدخول الساعة \u206608:30\u2069.',
      ),
    ).toBeTruthy()
  })

  it('offers no check-in for a party that comes on another day, and still collects', async () => {
    const sent = stubApi({ scanned: 'other_date' })
    const { card } = await scanSecondTicket()
    await within(card).findByText('This party comes on 01/12/2026: check them in on the day.')
    expect(within(card).queryByRole('button', { name: /^Check in/ })).toBeNull()
    fireEvent.click(within(card).getByRole('button', { name: 'Cash' }))
    await within(card).findByText('BD 62.000 collected')
    expect(within(card).queryByRole('button', { name: /^Check in/ })).toBeNull()
    expect(sent.filter((request) => request.url.endsWith('/party/check-in'))).toHaveLength(0)
  })

  it('checks one visitor in alone, by their reference', async () => {
    const sent = stubApi()
    const { card } = await scanSecondTicket()
    fireEvent.click(within(card).getByRole('button', { name: new RegExp(`^Check in.*${references[3]}`) }))
    await waitFor(() =>
      expect(sent.filter((request) => request.url === '/api/desk/redeem').at(-1)?.body).toMatchObject({
        text: references[3],
        entry: 'keyboard',
      }),
    )
  })

  it('on a phone, lets go of the field after a scan so the keyboard closes over nothing', async () => {
    stubApi()
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }))
    const { field } = await scanSecondTicket()
    expect(document.activeElement).not.toBe(field)
  })
})
