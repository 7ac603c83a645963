import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '../../../../shared/session.ts'
import { renderRoutes, signedInAs, signedOut } from '../../../testing/render.tsx'
import { apiError, cartLine, orderFor, quoteFor, stubApi } from '../test-fixtures.ts'
import { forgetVerifiedEmail } from '../use-email-verification.ts'
import { CheckoutPage } from './checkout-page.tsx'
import { ReviewBookingPage } from './review-booking-page.tsx'

function Probe({ name }: { name: string }) {
  const location = useLocation()
  return <p>{`${name} page${location.state ? ' with state' : ''}`}</p>
}

const routes = [
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '/review-booking', element: <ReviewBookingPage /> },
  { path: '/cart', element: <Probe name="cart" /> },
  { path: '/bookings', element: <Probe name="bookings" /> },
  { path: '/bookings/orders/:orderId', element: <Probe name="order" /> },
  { path: '/booking/:token', element: <Probe name="guest order" /> },
  { path: '/', element: <Probe name="home" /> },
]

const defaults = (session: Session, quote = quoteFor([cartLine])) => ({
  'GET /api/session': () => Response.json(session),
  'POST /api/checkout/quote': () => Response.json(quote),
  'GET /api/checkout/payment-config': () =>
    Response.json({ provider: 'test', clientId: null, currency: 'USD' }),
})

function open(session: Session, items = [cartLine]) {
  localStorage.setItem('cart', JSON.stringify(items))
  return renderRoutes(routes, { path: '/checkout', session })
}

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement
const type = (name: string, value: string) => fireEvent.change(box(name), { target: { value } })

async function fillGuest() {
  await screen.findByRole('textbox', { name: 'First name' })
  type('First name', 'Layla')
  type('Last name', 'Hasan')
  type('Email', 'layla@example.bh')
  type('Confirm email', 'layla@example.bh')
  type('Mobile number', '+97333334444')
}

const verificationStubs = {
  'POST /api/guest-verification/send-code': () =>
    Response.json({ sent: true, resendAfterSeconds: 60, expiresInSeconds: 600 }, { status: 202 }),
  'POST /api/guest-verification/verify-code': () =>
    Response.json({ proof: 'proof-123', expiresAt: '2099-01-01T00:00:00.000Z' }),
}

async function verifyEmail() {
  fireEvent.click(button('Send Code to Email'))
  const code = (await screen.findByRole('textbox', { name: 'Enter code' })) as HTMLInputElement
  fireEvent.change(code, { target: { value: '123456' } })
  fireEvent.click(button('Verify'))
  await screen.findByText('Email verified')
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  forgetVerifiedEmail()
})
afterEach(async () => {
  // Let a move to the order's page finish now, not in the middle of the next test.
  cleanup()
  await new Promise((resolve) => setTimeout(resolve, 5))
  vi.unstubAllGlobals()
})

describe('the checkout page', () => {
  it('says when the cart is empty, with a way to the gyms and back to the cart', async () => {
    stubApi(defaults(signedOut))
    open(signedOut, [])
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Browse gyms & classes' }).getAttribute('href')).toBe('/gyms')
    expect(screen.getByRole('link', { name: /Back to cart/ }).getAttribute('href')).toBe('/cart')
  })

  it('shows the server’s price and notes that it changed', async () => {
    stubApi(defaults(signedOut))
    open(signedOut, [{ ...cartLine, passPrice: 'BD 12.000' }])
    expect(await screen.findByText('Vida Beach Hotel')).toBeTruthy()
    expect(screen.getAllByText('BD 14.000').length).toBeGreaterThan(0)
    expect(screen.getByText('Price updated (was BD 12.000). You pay the price shown.')).toBeTruthy()
    expect(screen.getByText('01/12/2030')).toBeTruthy()
  })

  it('books a signed-in visitor at the venue once, with an Idempotency-Key, and moves to the order’s page', async () => {
    const api = stubApi({
      ...defaults(signedInAs('user')),
      'POST /api/checkout/orders': () => Response.json(orderFor('confirmed', 'venue'), { status: 201 }),
    })
    const { router } = open(signedInAs('user'))
    expect(await screen.findByText('Sara Ali')).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull()
    fireEvent.click(await screen.findByRole('radio', { name: /Pay at Venue/ }))
    await waitFor(() => expect(button('Confirm Booking').disabled).toBe(false))
    fireEvent.click(button('Confirm Booking'))
    expect(await screen.findByText('order page with state')).toBeTruthy()
    const [order] = api.to('POST', '/api/checkout/orders')
    expect(order?.body).toEqual({
      items: [{ gymId: 'vida-beach', passId: 'adult-day', date: '2030-12-01', time: '09:00', quantity: 1 }],
      paymentMethod: 'venue',
      language: 'en',
    })
    expect(order?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_:-]{8,200}$/)
    // The order's own page, in place of the checkout: Back never shows the form again.
    expect(router.state.location.pathname).toBe('/bookings/orders/order-1')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(localStorage.getItem('cart')).toBe('[]')
  })

  it('pays by card in test mode: order, payment, capture; empties the cart and opens the order’s page', async () => {
    const api = stubApi({
      ...defaults(signedInAs('user')),
      'POST /api/checkout/orders': () => Response.json(orderFor('awaiting_payment', 'card'), { status: 201 }),
      'POST /api/checkout/orders/order-1/payment': () => Response.json({ providerOrderId: 'TEST-1' }),
      'POST /api/checkout/orders/order-1/capture': () => Response.json(orderFor('confirmed', 'card')),
    })
    const { router } = open(signedInAs('user'))
    await waitFor(() => expect(button('Pay Now').disabled).toBe(false))
    fireEvent.click(button('Pay Now'))
    expect(await screen.findByText('Test payment, no money moves')).toBeTruthy()
    fireEvent.click(button('Pay BD 14.000 (test)'))
    expect(await screen.findByText('order page with state')).toBeTruthy()
    expect(api.to('POST', '/api/checkout/orders')[0]?.body).toMatchObject({ paymentMethod: 'card' })
    expect(api.to('POST', '/api/checkout/orders/order-1/capture')[0]?.body).toEqual({
      providerOrderId: 'TEST-1',
    })
    await waitFor(() => expect(localStorage.getItem('cart')).toBe('[]'))
    expect(router.state.location.pathname).toBe('/bookings/orders/order-1')
  })

  it('forces payment at the venue when a venue only takes payment there', async () => {
    const venueOnly = { ...cartLine, payAtVenueOnly: true }
    stubApi(defaults(signedInAs('user'), quoteFor([venueOnly])))
    open(signedInAs('user'), [venueOnly])
    const card = (await screen.findByRole('radio', { name: /Pay Now with Card/ })) as HTMLInputElement
    expect(card.disabled).toBe(true)
    expect((screen.getByRole('radio', { name: /Pay at Venue/ }) as HTMLInputElement).checked).toBe(true)
    expect(
      screen.getByText('Your booking includes a venue that only accepts payment at the venue.'),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull()
  })

  it('offers Pay at Venue only, and says why, when the site takes no card payments', async () => {
    stubApi({
      ...defaults(signedInAs('user')),
      'GET /api/checkout/payment-config': () =>
        Response.json({ provider: 'off', clientId: null, currency: 'USD' }),
    })
    open(signedInAs('user'))
    await screen.findByText(
      'Card payment is not available on this site at the moment. Please choose Pay at Venue.',
    )
    const card = screen.getByRole('radio', { name: /Pay Now with Card/ }) as HTMLInputElement
    expect(card.disabled).toBe(true)
    expect((screen.getByRole('radio', { name: /Pay at Venue/ }) as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeTruthy()
  })

  it('labels the card choice when cards are taken in test mode', async () => {
    stubApi(defaults(signedInAs('user')))
    open(signedInAs('user'))
    expect(await screen.findByText('Test mode: no money moves, nothing is charged.')).toBeTruthy()
  })

  it('says why a line cannot be booked and keeps the actions off', async () => {
    const quote = quoteFor([cartLine], { bookable: false })
    quote.lines[0] = {
      ...(quote.lines[0] as (typeof quote.lines)[0]),
      problem: { code: 'SLOT_FULL', message: 'x' },
    }
    stubApi(defaults(signedInAs('user'), quote))
    open(signedInAs('user'))
    expect(await screen.findByText('This time slot is full. Please choose another time.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Edit cart' }).getAttribute('href')).toBe('/cart')
    expect(button('Pay Now').disabled).toBe(true)
  })

  it('names the venue’s cap on a line past it, with the venue’s number', async () => {
    const quote = quoteFor([cartLine], { bookable: false })
    quote.lines[0] = {
      ...(quote.lines[0] as (typeof quote.lines)[0]),
      problem: { code: 'SLOT_CAP_EXCEEDED', message: 'x', limit: 3 },
    }
    stubApi(defaults(signedInAs('user'), quote))
    open(signedInAs('user'))
    expect(
      await screen.findByText('One booking can hold at most 3 places in the same time slot at this venue.'),
    ).toBeTruthy()
    expect(button('Pay Now').disabled).toBe(true)
  })

  it('shows a party’s line as its people × the pass for their price, and books them on one line', async () => {
    const party = { ...cartLine, quantity: 2 }
    const api = stubApi({
      ...defaults(signedInAs('user'), quoteFor([party])),
      'POST /api/checkout/orders': () => Response.json(orderFor('confirmed', 'venue'), { status: 201 }),
    })
    open(signedInAs('user'), [party])
    const pass = await screen.findByText('Adult - Gym and pool', { exact: false })
    expect(pass.textContent).toBe('2 × 2 people: Adult - Gym and pool')
    expect(screen.getAllByText('BD 28.000').length).toBeGreaterThan(0)
    fireEvent.click(await screen.findByRole('radio', { name: /Pay at Venue/ }))
    await waitFor(() => expect(button('Confirm Booking').disabled).toBe(false))
    fireEvent.click(button('Confirm Booking'))
    await screen.findByText('order page with state')
    expect(api.to('POST', '/api/checkout/orders')[0]?.body).toMatchObject({
      items: [{ gymId: 'vida-beach', passId: 'adult-day', date: '2030-12-01', time: '09:00', quantity: 2 }],
    })
  })

  it('names the places left when a party no longer fits, on the quote and on the order', async () => {
    const party = { ...cartLine, quantity: 3 }
    const quote = quoteFor([party], { bookable: false })
    quote.lines[0] = {
      ...(quote.lines[0] as (typeof quote.lines)[0]),
      problem: { code: 'PLACES_LEFT', message: 'x', left: 2 },
    }
    stubApi(defaults(signedInAs('user'), quote))
    open(signedInAs('user'), [party])
    expect(
      await screen.findByText('Only 2 places are left at this time. Choose fewer people or another time.'),
    ).toBeTruthy()
    expect(button('Pay Now').disabled).toBe(true)
    cleanup()

    stubApi({
      ...defaults(signedInAs('user'), quoteFor([party])),
      'POST /api/checkout/orders': () =>
        Response.json(
          {
            error: {
              code: 'PLACES_LEFT',
              message: 'x',
              fields: { 'items.0': 'PLACES_LEFT' },
              params: { left: 1 },
            },
          },
          { status: 409 },
        ),
    })
    await i18next.changeLanguage('ar')
    try {
      open(signedInAs('user'), [party])
      fireEvent.click(await screen.findByRole('radio', { name: /الدفع في المنشأة/ }))
      const confirm = await screen.findByRole('button', { name: 'تأكيد الحجز' })
      await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false))
      fireEvent.click(confirm)
      const alert = (await screen.findByRole('alert')).textContent ?? ''
      expect(alert).toContain('لم يبقَ في هذا الموعد إلا مكان واحد. اختر عدداً أقل من الأشخاص أو وقتاً آخر.')
    } finally {
      await i18next.changeLanguage('en')
    }
  })

  describe('when a slot fills during checkout', () => {
    const later = { ...cartLine, id: 'line-2', time: '11:00' }
    const refusedFirst = () =>
      Response.json(
        {
          error: {
            code: 'ITEMS_UNAVAILABLE',
            message: 'x',
            fields: { 'items.0': 'SLOT_FULL' },
          },
        },
        { status: 409 },
      )
    /** The quote before the order (everything bookable) and after it (the first line full). */
    function quotes(items: (typeof cartLine)[]) {
      let asked = 0
      return () => {
        asked++
        const quote = quoteFor(items)
        if (asked === 1) return Response.json(quote)
        const [first] = quote.lines
        if (first) first.problem = { code: 'SLOT_FULL', message: 'x' }
        return Response.json({ ...quote, bookable: false, totalFils: 14000 * (items.length - 1) })
      }
    }

    it('names the line’s own reason once, and keeps the total of what can still be booked', async () => {
      stubApi({
        ...defaults(signedInAs('user')),
        'POST /api/checkout/quote': quotes([cartLine, later]),
        'POST /api/checkout/orders': refusedFirst,
      })
      open(signedInAs('user'), [cartLine, later])
      fireEvent.click(await screen.findByRole('radio', { name: /Pay at Venue/ }))
      await waitFor(() => expect(button('Confirm Booking').disabled).toBe(false))
      fireEvent.click(button('Confirm Booking'))
      const alert = await screen.findByRole('alert')
      expect(alert.textContent).toBe('This time slot is full. Please choose another time.')
      expect(screen.getAllByText('This time slot is full. Please choose another time.')).toHaveLength(1)
      expect(screen.queryByText(/An error occurred/)).toBeNull()
      // The 11:00 line still counts; the full one is left out, and the panel says so.
      const total = screen.getByText('Total').nextElementSibling
      await waitFor(() => expect(total?.textContent).toBe('BD 14.000'))
      expect(screen.getByText('Without the line that cannot be booked.')).toBeTruthy()
      expect(button('Confirm Booking').disabled).toBe(true)
      expect(screen.getByText('One line cannot be booked as it stands: see it above.')).toBeTruthy()
    })

    it('never shows “BD 0.000” when the only line is full', async () => {
      stubApi({
        ...defaults(signedInAs('user')),
        'POST /api/checkout/quote': quotes([cartLine]),
        'POST /api/checkout/orders': refusedFirst,
      })
      open(signedInAs('user'))
      fireEvent.click(await screen.findByRole('radio', { name: /Pay at Venue/ }))
      await waitFor(() => expect(button('Confirm Booking').disabled).toBe(false))
      fireEvent.click(button('Confirm Booking'))
      await screen.findByRole('alert')
      const total = screen.getByText('Total').nextElementSibling
      await waitFor(() => expect(total?.textContent).toBe('—'))
      expect(screen.queryByText('BD 0.000')).toBeNull()
    })

    it('lets the visitor pick another time with places for the line, which moves the cart line', async () => {
      const party = { ...cartLine, quantity: 3 }
      const api = stubApi({
        ...defaults(signedInAs('user')),
        'POST /api/checkout/quote': quotes([party]),
        'POST /api/checkout/orders': refusedFirst,
        'GET /api/gyms/vida-beach/availability?date=2030-12-01': () =>
          Response.json({
            gymId: 'vida-beach',
            date: '2030-12-01',
            dayType: 'weekday',
            holiday: null,
            bookable: true,
            slots: [
              { time: '09:00', hour: 9, remaining: 0, capacity: 10, status: 'full' },
              { time: '10:00', hour: 10, remaining: 2, capacity: 10, status: 'open' },
              { time: '11:00', hour: 11, remaining: 5, capacity: 10, status: 'open' },
              { time: '12:00', hour: 12, remaining: 0, capacity: 10, status: 'past' },
            ],
            passes: [{ id: 'adult-day', priceFils: 14000, price: 'BD 14.000' }],
          }),
      })
      open(signedInAs('user'), [party])
      fireEvent.click(await screen.findByRole('radio', { name: /Pay at Venue/ }))
      await waitFor(() => expect(button('Confirm Booking').disabled).toBe(false))
      fireEvent.click(button('Confirm Booking'))
      await screen.findByRole('alert')
      fireEvent.click(button('Choose another time'))
      const picker = await screen.findByRole('group', {
        name: 'Another time that day, with places for 3 people:',
      })
      // 10:00 has 2 places, too few for 3; 09:00 is the full one; 12:00 has passed.
      await waitFor(() => expect(within(picker).getAllByRole('button')).toHaveLength(1))
      fireEvent.click(within(picker).getByRole('button', { name: /11:00/ }))
      await waitFor(() =>
        expect(JSON.parse(localStorage.getItem('cart') ?? '[]')[0]).toMatchObject({
          time: '11:00',
          quantity: 3,
        }),
      )
      // The moved line is quoted afresh, and the refusal is forgotten with the cart it was about.
      await waitFor(() =>
        expect(api.to('POST', '/api/checkout/quote').at(-1)?.body).toEqual({
          items: [
            { gymId: 'vida-beach', passId: 'adult-day', date: '2030-12-01', time: '11:00', quantity: 3 },
          ],
        }),
      )
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    })
  })

  it('says in Arabic that a booker has reached the venue’s places for the day', async () => {
    stubApi({
      ...defaults(signedInAs('user')),
      'POST /api/checkout/orders': () =>
        apiError(409, 'DAY_CAP_EXCEEDED', 'You have reached the number of places…', {
          'items.0': 'DAY_CAP_EXCEEDED',
        }),
    })
    await i18next.changeLanguage('ar')
    try {
      open(signedInAs('user'))
      fireEvent.click(await screen.findByRole('radio', { name: /الدفع في المنشأة/ }))
      const confirm = await screen.findByRole('button', { name: 'تأكيد الحجز' })
      await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false))
      fireEvent.click(confirm)
      const alert = (await screen.findByRole('alert')).textContent ?? ''
      expect(alert).toContain(
        'لقد بلغت الحد الأقصى للأماكن التي يمكن لشخص واحد حجزها في هذه المنشأة في ذلك اليوم.',
      )
      expect(alert).not.toContain('You can book')
    } finally {
      await i18next.changeLanguage('en')
    }
  })

  it('shows the spec’s message when the venue booking fails, and allows a retry', async () => {
    stubApi({
      ...defaults(signedInAs('user')),
      'POST /api/checkout/orders': () => apiError(500, 'INTERNAL', 'boom'),
    })
    open(signedInAs('user'))
    fireEvent.click(await screen.findByRole('radio', { name: /Pay at Venue/ }))
    await waitFor(() => expect(button('Confirm Booking').disabled).toBe(false))
    fireEvent.click(button('Confirm Booking'))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error occurred while confirming your booking. Please try again.',
    )
    expect(button('Confirm Booking').disabled).toBe(false)
  })
})

describe('a guest at checkout', () => {
  it('can send a code only once both e-mails are valid and equal, with the mismatch shown live', async () => {
    stubApi(defaults(signedOut))
    open(signedOut)
    await screen.findByRole('textbox', { name: 'Email' })
    expect(button('Send Code to Email').disabled).toBe(true)
    type('Email', 'layla@')
    type('Confirm email', 'layla@')
    expect(button('Send Code to Email').disabled).toBe(true)
    type('Email', 'layla@example.bh')
    type('Confirm email', 'layla@example.com')
    expect(await screen.findByText('Email addresses do not match')).toBeTruthy()
    expect(button('Send Code to Email').disabled).toBe(true)
    type('Confirm email', 'layla@example.bh')
    await waitFor(() => expect(screen.queryByText('Email addresses do not match')).toBeNull())
    expect(button('Send Code to Email').disabled).toBe(false)
  })

  it('enters digits only, verifies at 6, and then locks the e-mail fields', async () => {
    const api = stubApi({ ...defaults(signedOut), ...verificationStubs })
    open(signedOut)
    await fillGuest()
    fireEvent.click(button('Send Code to Email'))
    expect(
      await screen.findByText('We sent a 6-digit code to layla@example.bh. It expires in 10 minutes.'),
    ).toBeTruthy()
    expect(button('Resend in 60s').disabled).toBe(true)
    const code = box('Enter code')
    expect(code.getAttribute('inputmode')).toBe('numeric')
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    fireEvent.change(code, { target: { value: '12a3-45' } })
    expect(code.value).toBe('12345')
    expect(button('Verify').disabled).toBe(true)
    fireEvent.change(code, { target: { value: '1234567' } })
    expect(code.value).toBe('123456')
    expect(button('Verify').disabled).toBe(false)
    fireEvent.click(button('Verify'))
    expect(await screen.findByText('Email verified')).toBeTruthy()
    expect(box('Email').readOnly).toBe(true)
    expect(box('Confirm email').readOnly).toBe(true)
    expect(api.to('POST', '/api/guest-verification/verify-code')[0]?.body).toEqual({
      email: 'layla@example.bh',
      code: '123456',
    })
    fireEvent.click(button('Use a different email'))
    expect(box('Email').readOnly).toBe(false)
  })

  it('says a wrong code is wrong', async () => {
    stubApi({
      ...defaults(signedOut),
      ...verificationStubs,
      'POST /api/guest-verification/verify-code': () =>
        apiError(400, 'INVALID_CODE', 'Invalid code. Please try again.'),
    })
    open(signedOut)
    await fillGuest()
    fireEvent.click(button('Send Code to Email'))
    fireEvent.change(await screen.findByRole('textbox', { name: 'Enter code' }), {
      target: { value: '000000' },
    })
    fireEvent.click(button('Verify'))
    const message = await screen.findByText('Invalid code. Please try again.')
    // Under the whole code row, not squeezed into the narrow code box, and still tied to the box.
    const code = box('Enter code')
    expect(message.closest('form')).toBeNull()
    expect(code.getAttribute('aria-describedby')).toBe(message.id)
    expect(code.getAttribute('aria-invalid')).toBe('true')
  })

  it('offers the code already sent when a new one is asked for too soon (after a reload, say)', async () => {
    stubApi({
      ...defaults(signedOut),
      'POST /api/guest-verification/send-code': () =>
        new Response(
          JSON.stringify({ error: { code: 'RESEND_TOO_SOON', message: 'Please wait 42 seconds.' } }),
          { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '42' } },
        ),
    })
    open(signedOut)
    await fillGuest()
    fireEvent.click(button('Send Code to Email'))
    expect(await screen.findByText(/A code was sent to layla@example.bh a moment ago/)).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Enter code' })).toBeTruthy()
    expect(button(/^Resend in 4\ds$/).disabled).toBe(true)
  })

  it('says a mobile number typed as the hint writes it but a digit short is too short, in English and Arabic', async () => {
    stubApi(defaults(signedOut))
    open(signedOut)
    await fillGuest()
    type('Mobile number', '3612 345')
    const tooShort = 'This number is too short: numbers in Bahrain have 8 digits, such as 3612 3456.'
    expect(await screen.findByText(tooShort)).toBeTruthy()
    await act(() => i18next.changeLanguage('ar'))
    expect(await screen.findByText(i18next.t('errors:PHONE_TOO_SHORT', { lng: 'ar' }))).toBeTruthy()
    await act(() => i18next.changeLanguage('en'))
    type('Mobile number', '050 123 4567')
    expect(await screen.findByText(/This looks like a number from another country/)).toBeTruthy()
  })

  it('cannot pay until the e-mail is verified', async () => {
    stubApi({ ...defaults(signedOut), ...verificationStubs })
    open(signedOut)
    await fillGuest()
    await screen.findByText('Please verify your email address with a code before proceeding')
    expect(button('Pay Now').disabled).toBe(true)
    await verifyEmail()
    await waitFor(() => expect(button('Pay Now').disabled).toBe(false))
  })

  it('keeps what was typed when the booking fails, and retries with the same key', async () => {
    const api = stubApi({
      ...defaults(signedOut),
      ...verificationStubs,
      'POST /api/checkout/orders': () => apiError(500, 'INTERNAL', 'boom'),
    })
    open(signedOut)
    await fillGuest()
    await verifyEmail()
    await waitFor(() => expect(button('Pay Now').disabled).toBe(false))
    fireEvent.click(button('Pay Now'))
    fireEvent.click(await screen.findByRole('button', { name: 'Pay BD 14.000 (test)' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error occurred while processing your booking. Please try again.',
    )
    expect(box('First name').value).toBe('Layla')
    expect(box('Mobile number').value).toBe('+97333334444')
    expect(box('Email').value).toBe('layla@example.bh')
    fireEvent.click(button('Pay BD 14.000 (test)'))
    await waitFor(() => expect(api.to('POST', '/api/checkout/orders')).toHaveLength(2))
    const [first, second] = api.to('POST', '/api/checkout/orders')
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key'])
    expect(first?.body).toMatchObject({
      guest: { firstName: 'Layla', lastName: 'Hasan', email: 'layla@example.bh', proof: 'proof-123' },
    })
  })

  it('goes to the review page to pay at the venue, which books with the proof', async () => {
    const api = stubApi({
      ...defaults(signedOut),
      ...verificationStubs,
      'POST /api/checkout/orders': () => Response.json(orderFor('confirmed', 'venue'), { status: 201 }),
    })
    open(signedOut)
    await fillGuest()
    await verifyEmail()
    fireEvent.click(screen.getByRole('radio', { name: /Pay at Venue/ }))
    await waitFor(() => expect(button('Confirm Booking').disabled).toBe(false))
    fireEvent.click(button('Confirm Booking'))
    expect(await screen.findByRole('heading', { name: 'Review your booking' })).toBeTruthy()
    expect(api.to('POST', '/api/checkout/orders')).toHaveLength(0)
    expect(screen.getByText('Layla Hasan')).toBeTruthy()
    expect(screen.getByText('Pay at Venue')).toBeTruthy()
    fireEvent.click(button('Submit Booking Confirmation'))
    expect(await screen.findByText('order page with state')).toBeTruthy()
    expect(api.to('POST', '/api/checkout/orders')[0]?.body).toEqual({
      items: [{ gymId: 'vida-beach', passId: 'adult-day', date: '2030-12-01', time: '09:00', quantity: 1 }],
      paymentMethod: 'venue',
      language: 'en',
      guest: {
        firstName: 'Layla',
        lastName: 'Hasan',
        email: 'layla@example.bh',
        mobileNumber: '+97333334444',
        proof: 'proof-123',
      },
    })
  })

  it('keeps the typed details and the still-valid verification across a reload', async () => {
    stubApi({ ...defaults(signedOut), ...verificationStubs })
    const first = open(signedOut)
    await fillGuest()
    await verifyEmail()
    first.unmount()
    // A reload keeps sessionStorage and nothing else: the proof must be there, with its expiry.
    expect(JSON.parse(sessionStorage.getItem('checkout.proof') ?? '{}')).toEqual({
      email: 'layla@example.bh',
      proof: 'proof-123',
      expiresAt: Date.parse('2099-01-01T00:00:00.000Z'),
    })
    open(signedOut)
    expect((await screen.findByRole('textbox', { name: 'First name' })) as HTMLInputElement).toHaveProperty(
      'value',
      'Layla',
    )
    expect(await screen.findByText('Email verified')).toBeTruthy()
    expect(box('Email').readOnly).toBe(true)
    await waitFor(() => expect(button('Pay Now').disabled).toBe(false))
  })

  it('does not bring back a verification that has expired', async () => {
    stubApi({
      ...defaults(signedOut),
      ...verificationStubs,
      'POST /api/guest-verification/verify-code': () =>
        Response.json({ proof: 'proof-123', expiresAt: new Date(Date.now() + 60_000).toISOString() }),
    })
    const first = open(signedOut)
    await fillGuest()
    await verifyEmail()
    first.unmount()
    const saved = JSON.parse(sessionStorage.getItem('checkout.proof') ?? '{}')
    sessionStorage.setItem('checkout.proof', JSON.stringify({ ...saved, expiresAt: Date.now() - 1 }))
    open(signedOut)
    expect(await screen.findByRole('button', { name: 'Send Code to Email' })).toBeTruthy()
    expect(screen.queryByText('Email verified')).toBeNull()
    expect(sessionStorage.getItem('checkout.proof')).toBeNull()
  })

  it('keeps Pay at Venue when the guest comes Back from the review page, and after a reload', async () => {
    stubApi({ ...defaults(signedOut), ...verificationStubs })
    const { router, unmount } = open(signedOut)
    await fillGuest()
    await verifyEmail()
    fireEvent.click(screen.getByRole('radio', { name: /Pay at Venue/ }))
    await waitFor(() => expect(button('Confirm Booking').disabled).toBe(false))
    fireEvent.click(button('Confirm Booking'))
    expect(await screen.findByRole('heading', { name: 'Review your booking' })).toBeTruthy()
    await act(() => router.navigate(-1))
    const venue = (await screen.findByRole('radio', { name: /Pay at Venue/ })) as HTMLInputElement
    expect(venue.checked).toBe(true)
    expect(button('Confirm Booking').disabled).toBe(false)
    unmount()
    open(signedOut)
    expect(((await screen.findByRole('radio', { name: /Pay at Venue/ })) as HTMLInputElement).checked).toBe(
      true,
    )
  })

  it('names a weekend’s price beside its line, as the server priced it', async () => {
    const quote = quoteFor([cartLine])
    const weekend = {
      ...quote,
      lines: quote.lines.map((line) => ({
        ...line,
        dayType: 'weekend' as const,
        priceNote: 'weekend' as const,
      })),
    }
    stubApi(defaults(signedInAs('user'), weekend))
    open(signedInAs('user'))
    await screen.findByText('Weekend price')
  })

  it('names no weekend price when the weekend costs what a weekday does', async () => {
    const quote = quoteFor([cartLine])
    const weekend = {
      ...quote,
      lines: quote.lines.map((line) => ({ ...line, dayType: 'weekend' as const, priceNote: null })),
    }
    stubApi(defaults(signedInAs('user'), weekend))
    open(signedInAs('user'))
    await waitFor(() => expect(screen.getAllByText('BD 14.000').length).toBeGreaterThan(0))
    expect(screen.queryByText('Weekend price')).toBeNull()
  })
})
