import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DeskBooking, DeskDay, RedeemAnswer } from '../../../../shared/desk.ts'
import { permissionsFor } from '../../../../shared/permissions.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  shown = booking
  await i18next.changeLanguage('en')
})

const booking: DeskBooking = {
  id: 41,
  reference: 'DP-7K3M-Q9AB',
  date: '2026-12-01',
  time: '09:00',
  name: 'Fatima Al Sayed',
  email: 'fatima@example.bh',
  mobile: '+97333123456',
  pass: { en: 'Gym day pass', ar: 'تذكرة النادي' },
  priceFils: 14_000,
  paymentStatus: 'pay at venue',
  deskPayment: null,
  deskRefund: null,
  state: 'to_come',
  checkedInAt: null,
  checkInOverride: null,
  noShowAt: null,
}
/** The booking the day shows: `booking` unless a test sets another. */
let shown: DeskBooking = booking
const day = (): DeskDay => ({
  venueId: 'manama-marina-hotel',
  date: '2026-12-01',
  slots: [{ time: '09:00', booked: 2, checkedIn: 1, toCome: 1, bookings: [shown] }],
})

interface Sent {
  url: string
  method: string
  body: Record<string, unknown> | undefined
}

/** The desk API: the venues, the day, and scans answered in turn from `answers`. */
function stubApi(...answers: RedeemAnswer[]) {
  const sent: Sent[] = []
  let scans = 0
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    sent.push({ url, method: init?.method ?? 'GET', body })
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
    if (url.startsWith('/api/desk/bookings?')) return Response.json(day())
    if (url.startsWith('/api/desk/waitlist?')) return Response.json({ slots: [] })
    if (url === '/api/desk/redeem') return Response.json(answers[Math.min(scans++, answers.length - 1)])
    if (url === '/api/desk/bookings/41/payment')
      return Response.json({
        booking: { ...booking, deskPayment: { method: 'benefit', at: '2026-12-01T05:40:00Z' } },
      })
    if (url === '/api/team/bookings/41/cancel') return Response.json({ cancelledIds: [41], bookings: [] })
    if (url === '/api/desk/bookings/41/refund')
      return Response.json({
        booking: { ...shown, deskRefund: { method: 'cash', at: '2026-12-01T06:00:00Z', amountFils: 14_000 } },
      })
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
  return { sent, scans: () => sent.filter((request) => request.url === '/api/desk/redeem') }
}

async function openDesk(role: 'staff' | 'manager' = 'staff') {
  renderRoutes(routes, { path: '/desk', session: signedInAs(role, permissionsFor(role)) })
  await screen.findByRole('heading', { level: 1, name: 'Bookings desk' }, { timeout: 5000 })
  return screen.findByRole('textbox', { name: 'Scan or type a reference' })
}

async function scan(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } })
  fireEvent.submit(field.closest('form') as HTMLFormElement)
}

describe('the bookings desk', () => {
  it('shows the day by slot with its counts and each booking', async () => {
    stubApi()
    await openDesk()
    const slot = await screen.findByRole('region', { name: /09:00/ })
    expect(slot.textContent).toContain('2 booked · 1 checked in · 1 to come')
    expect(within(slot).getByText('Fatima Al Sayed')).toBeTruthy()
    expect(within(slot).getByText(/Pay at venue · BD 14\.000/)).toBeTruthy()
  })

  it('sends what the scanner typed with a new nonce, shows a check-in, and is ready for the next', async () => {
    const api = stubApi({
      status: 'ok',
      booking: { ...booking, state: 'checked_in' },
      checkedInBy: 'Sara Ali',
    })
    const field = await openDesk()
    expect(document.activeElement).toBe(field)
    await scan(field, 'DP-7K3M-Q9AB.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ')
    const shown = await screen.findByText('Checked in', { selector: 'p' })
    expect(shown.closest('[role="status"]')?.textContent).toContain('Fatima Al Sayed')
    const [sent] = api.scans()
    expect(sent?.body).toMatchObject({
      venueId: 'manama-marina-hotel',
      text: 'DP-7K3M-Q9AB.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
      entry: 'keyboard',
      override: false,
    })
    expect(String(sent?.body?.nonce)).toMatch(/^[0-9a-f-]{36}$/)
    expect((field as HTMLInputElement).value).toBe('')
    expect(document.activeElement).toBe(field)
  })

  it('asks to collect the price of an unpaid visit, records the payment, then checks in', async () => {
    const api = stubApi(
      { status: 'unpaid', booking },
      { status: 'ok', booking: { ...booking, state: 'checked_in' } },
    )
    const field = await openDesk()
    await scan(field, 'DP-7K3M-Q9AB')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Collect BD 14.000')
    fireEvent.click(within(alert).getByRole('button', { name: 'BENEFIT' }))
    await screen.findByText('Checked in', { selector: 'p' })
    const payment = api.sent.find((request) => request.url === '/api/desk/bookings/41/payment')
    expect(payment?.body).toEqual({ method: 'benefit' })
    const scans = api.scans()
    expect(scans).toHaveLength(2)
    expect(scans[1]?.body?.text).toBe('DP-7K3M-Q9AB')
    expect(scans[1]?.body?.nonce).not.toBe(scans[0]?.body?.nonce)
  })

  it('offers to check in anyway outside the slot’s hours, and sends the override', async () => {
    const api = stubApi({ status: 'too_early', booking }, { status: 'ok', booking })
    const field = await openDesk()
    await scan(field, 'DP-7K3M-Q9AB')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Too early')
    fireEvent.click(within(alert).getByRole('button', { name: 'Check in anyway' }))
    await waitFor(() => expect(api.scans()).toHaveLength(2))
    expect(api.scans()[1]?.body).toMatchObject({ text: 'DP-7K3M-Q9AB', override: true })
  })

  it('tells plainly why a ticket is refused, naming who checked it in', async () => {
    stubApi({
      status: 'already_checked_in',
      booking,
      checkedInAt: '2026-12-01T05:35:00Z',
      checkedInBy: 'Huda',
    })
    const field = await openDesk()
    await scan(field, 'DP-7K3M-Q9AB')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Already checked in')
    expect(alert.textContent).toContain('Checked in at 08:35 by Huda.')
  })

  it('sends a reference however it was typed as the reference, and says it was checked in by reference only', async () => {
    const api = stubApi({
      status: 'ok',
      signatureVerified: false,
      booking: { ...booking, state: 'checked_in' },
    })
    const field = await openDesk()
    await scan(field, ' dp 7k3m-q9ab ')
    const shown = await screen.findByText('Reference only: check ID', { selector: 'p' })
    const answer = shown.closest('[role="status"]')
    expect(answer?.getAttribute('data-reference-only')).toBe('true')
    expect(answer?.className).toContain('indigo')
    expect(answer?.textContent).toContain('Fatima Al Sayed')
    expect(answer?.textContent).toContain("Check that the visitor's ID shows the name below.")
    expect(screen.queryByText('Checked in', { selector: 'p' })).toBeNull()
    expect(api.scans()[0]?.body).toMatchObject({ text: 'DP-7K3M-Q9AB', entry: 'keyboard' })
  })

  it('marks any other answer about a ticket named by reference only, and keeps the reference for the next check', async () => {
    const api = stubApi(
      { status: 'unpaid', signatureVerified: false, booking },
      { status: 'ok', signatureVerified: false, booking: { ...booking, state: 'checked_in' } },
    )
    const field = await openDesk()
    await scan(field, 'DP7K3MQ9AB')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Collect BD 14.000')
    expect(within(alert).getByText('Reference only: check ID')).toBeTruthy()
    fireEvent.click(within(alert).getByRole('button', { name: 'Cash' }))
    await screen.findByText('Reference only: check ID', { selector: '[role="status"] p' })
    expect(api.scans()[1]?.body).toMatchObject({ text: 'DP-7K3M-Q9AB', entry: 'keyboard' })
  })

  it('shows no reference-only mark for a ticket whose signature was checked', async () => {
    stubApi({ status: 'ok', signatureVerified: true, booking: { ...booking, state: 'checked_in' } })
    const field = await openDesk()
    await scan(field, 'DP-7K3M-Q9AB.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ')
    const shown = await screen.findByText('Checked in', { selector: 'p' })
    expect(shown.closest('[role="status"]')?.hasAttribute('data-reference-only')).toBe(false)
    expect(screen.queryByText('Reference only: check ID')).toBeNull()
  })

  it('says typing works where the browser cannot scan with the camera', async () => {
    stubApi()
    await openDesk()
    expect(screen.queryByRole('button', { name: 'Scan with camera' })).toBeNull()
    expect(screen.getByText(/Camera scanning is not available in this browser/)).toBeTruthy()
  })

  it('cancels a visit for the team with the reason the visitor will read, and asks for one first', async () => {
    const api = stubApi()
    await openDesk()
    const slot = await screen.findByRole('region', { name: /09:00/ })
    fireEvent.click(within(slot).getByRole('button', { name: /^Cancel booking\b.*Fatima Al Sayed/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Fatima Al Sayed’s visit at 09:00?' })
    expect(dialog.textContent).toContain('Nothing was paid online')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Give the reason for cancelling')
    expect(api.sent.some((request) => request.url.includes('/cancel'))).toBe(false)

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'The pool is closed for repairs' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const cancelled = api.sent.find((request) => request.url === '/api/team/bookings/41/cancel')
    expect(cancelled).toMatchObject({
      method: 'POST',
      body: { reason: 'The pool is closed for repairs', scope: 'visit' },
    })
  })

  it('offers staff no cancel of a visit the desk has checked in', async () => {
    shown = { ...booking, paymentStatus: 'paid', state: 'checked_in', checkedInAt: '2026-12-01T05:50:00Z' }
    stubApi()
    await openDesk()
    const staffSlot = await screen.findByRole('region', { name: /09:00/ })
    expect(within(staffSlot).getByText('Fatima Al Sayed')).toBeTruthy()
    expect(within(staffSlot).queryByRole('button', { name: /^Cancel booking/ })).toBeNull()
  })

  it('writes the checked-in pill as words, a space, then the time in its own isolate, in English and Arabic', async () => {
    shown = { ...booking, paymentStatus: 'paid', state: 'checked_in', checkedInAt: '2026-12-01T05:50:00Z' }
    stubApi()
    for (const [language, words] of [
      ['en', 'Checked in'],
      ['ar', 'سجّل الدخول'],
    ] as const) {
      await i18next.changeLanguage(language)
      const view = renderRoutes(routes, {
        path: '/desk',
        session: signedInAs('staff', permissionsFor('staff')),
      })
      const slot = await screen.findByRole('region', { name: /09:00/ }, { timeout: 5000 })
      // The time alone, exactly, in a left-to-right isolate: Bahrain's 08:50.
      const time = within(slot).getByText('08:50', { normalizer: (text) => text })
      expect(time.tagName).toBe('BDI')
      expect(time.getAttribute('dir')).toBe('ltr')
      // The space between words and time is the pill's own, outside the isolate, so an Arabic
      // page draws it between them and not on the isolate's far side.
      expect(time.parentElement?.textContent).toBe(`${words} 08:50`)
      expect(time.previousSibling?.textContent?.endsWith(' ')).toBe(true)
      view.unmount()
    }
  })

  it('lets a manager cancel a checked-in card-paid visit with the override’s reason and the refund chosen', async () => {
    shown = { ...booking, paymentStatus: 'paid', state: 'checked_in', checkedInAt: '2026-12-01T05:50:00Z' }
    const api = stubApi()
    await openDesk('manager')
    const slot = await screen.findByRole('region', { name: /09:00/ })
    fireEvent.click(within(slot).getByRole('button', { name: /^Cancel booking\b.*Fatima Al Sayed/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Fatima Al Sayed’s visit at 09:00?' })
    expect(dialog.textContent).toContain('This visitor is checked in')
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'The pool is closed for repairs' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }))
    const alerts = await within(dialog).findAllByRole('alert')
    expect(alerts.map((alert) => alert.textContent).join(' ')).toContain(
      'Give the reason for overriding the desk',
    )
    expect(alerts.map((alert) => alert.textContent).join(' ')).toContain(
      'card payment goes back in full or not at all',
    )
    expect(api.sent.some((request) => request.url.includes('/cancel'))).toBe(false)

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Why override the desk/ }), {
      target: { value: 'Checked in by mistake' },
    })
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Keep it: no refund' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.sent.find((request) => request.url === '/api/team/bookings/41/cancel')?.body).toEqual({
      reason: 'The pool is closed for repairs',
      overrideReason: 'Checked in by mistake',
      refund: 'none',
      scope: 'visit',
    })
  })

  it('lets a manager record that a cancelled visit’s desk payment was given back', async () => {
    shown = {
      ...booking,
      state: 'cancelled',
      deskPayment: { method: 'benefit', at: '2026-12-01T05:40:00Z' },
    }
    const api = stubApi()
    await openDesk('manager')
    const slot = await screen.findByRole('region', { name: /09:00/ })
    fireEvent.click(
      within(slot).getByRole('button', { name: /^Record refund at the desk\b.*Fatima Al Sayed/ }),
    )
    const dialog = await screen.findByRole('dialog', {
      name: 'Give Fatima Al Sayed BD 14.000 back at the desk?',
    })
    expect((within(dialog).getByRole('combobox', { name: 'Given back by' }) as HTMLSelectElement).value).toBe(
      'benefit',
    )
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Given back by' }), {
      target: { value: 'cash' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the refund' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.sent.find((request) => request.url === '/api/desk/bookings/41/refund')).toMatchObject({
      method: 'POST',
      body: { method: 'cash' },
    })
  })

  it('shows staff no refund button', async () => {
    shown = { ...booking, state: 'cancelled', deskPayment: { method: 'cash', at: '2026-12-01T05:40:00Z' } }
    stubApi()
    await openDesk()
    const slot = await screen.findByRole('region', { name: /09:00/ })
    expect(within(slot).getByText('Paid at desk (Cash)')).toBeTruthy()
    expect(within(slot).queryByRole('button', { name: /Record refund/ })).toBeNull()
  })

  it('checks a paid visitor in from their row of the day, as a reference typed at the desk', async () => {
    shown = { ...booking, paymentStatus: 'paid' }
    const api = stubApi({ status: 'ok', booking: { ...shown, state: 'checked_in' } })
    await openDesk()
    const slot = await screen.findByRole('region', { name: /09:00/ })
    fireEvent.click(within(slot).getByRole('button', { name: /^Check in.*Fatima Al Sayed/ }))
    await waitFor(() => expect(api.scans()).toHaveLength(1))
    expect(api.scans()[0]?.body).toMatchObject({
      venueId: 'manama-marina-hotel',
      text: 'DP-7K3M-Q9AB',
      entry: 'keyboard',
    })
  })

  it('offers no row check-in to a visit still to be paid at the venue', async () => {
    stubApi()
    await openDesk()
    const slot = await screen.findByRole('region', { name: /09:00/ })
    expect(within(slot).queryByRole('button', { name: /^Check in/ })).toBeNull()
  })
})

describe('the desk a link names', () => {
  const venues = [
    { id: 'manama-marina-hotel', name: { en: 'Manama Marina Hotel', ar: 'فندق مرسى المنامة' } },
    { id: 'vida-beach-hotel', name: { en: 'Vida Beach Hotel', ar: 'فندق فيدا بيتش' } },
  ].map((venue) => ({ ...venue, checkInOpensMinutes: 30, checkInClosesMinutes: 60 }))

  /** The venues, and the days asked for, by venue. */
  function stubVenues() {
    const asked: string[] = []
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const url = String(input)
      if (url === '/api/desk/venues') return Response.json({ venues })
      if (url.startsWith('/api/desk/waitlist?')) return Response.json({ slots: [] })
      if (url.startsWith('/api/desk/bookings?')) {
        const venueId = new URL(url, 'http://x').searchParams.get('venue') ?? ''
        asked.push(venueId)
        return Response.json({ venueId, date: '2026-12-01', slots: [] })
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
    })
    return asked
  }

  it('opens on the venue of ?venue= (where an invited member of staff lands), else the first', async () => {
    const asked = stubVenues()
    renderRoutes(routes, {
      path: '/desk?venue=vida-beach-hotel',
      session: signedInAs('staff', permissionsFor('staff')),
    })
    const venue = (await screen.findByLabelText('Venue', {}, { timeout: 5000 })) as HTMLSelectElement
    expect(venue.value).toBe('vida-beach-hotel')
    await waitFor(() => expect(asked).toContain('vida-beach-hotel'))
    expect(asked).not.toContain('manama-marina-hotel')
  })

  it('ignores a venue that is not the caller’s', async () => {
    stubVenues()
    renderRoutes(routes, {
      path: '/desk?venue=someone-elses',
      session: signedInAs('staff', permissionsFor('staff')),
    })
    const venue = (await screen.findByLabelText('Venue', {}, { timeout: 5000 })) as HTMLSelectElement
    expect(venue.value).toBe('manama-marina-hotel')
  })
})
