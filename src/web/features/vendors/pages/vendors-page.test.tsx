import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedOut } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const start = addDays(todayInBahrain(), 10)
const end = addDays(todayInBahrain(), 100)

/** A fetch that answers the application POST with `reply`, and records what was sent. */
function stubApi(
  reply: () => Response = () => Response.json({ id: 42, status: 'pending' }, { status: 201 }),
) {
  const posted: unknown[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    if (String(input) === '/api/vendor-applications' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)))
      return reply()
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
  return posted
}

async function renderPage() {
  renderRoutes(routes, { path: '/vendors', session: signedOut })
  // The first render loads the page's module and catalog.
  await screen.findByRole('heading', { level: 1, name: 'Register Your Venue' }, { timeout: 5000 })
}

const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: RegExp | string, value: string) => fireEvent.change(field(label), { target: { value } })
const group = (name: string) => screen.getByRole('group', { name })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }))

function fillRequired() {
  type(/^Venue name/, 'Seef Tower Fitness')
  type(/^Venue email/, 'hello@seeftower.bh')
  fireEvent.click(within(group('Venue type')).getByLabelText('Hotel'))
  type(/^First name/, 'Huda')
  type(/^Last name/, 'Al Mannai')
  fireEvent.click(within(group('Facility')).getByLabelText('Both'))
  type(/^Start date/, formatDisplayDate(start).replaceAll('/', ''))
  type(/^End date/, formatDisplayDate(end))
  type(/^Start time/, '06:00')
  type(/^End time/, '22:00')
  type(/^Area/, 'Seef')
  type(/^City/, 'Manama')
}

describe('the vendor form', () => {
  it('keeps only digits and one point with 3 decimals in a price, usable only while its pass is ticked', async () => {
    stubApi()
    await renderPage()
    const price = field('Price of Pool only, in BD')
    expect(price.disabled).toBe(true)
    expect(price.inputMode).toBe('decimal')
    fireEvent.click(screen.getByLabelText('Pool only'))
    expect(price.disabled).toBe(false)
    type('Price of Pool only, in BD', '12a.3.456')
    expect(price.value).toBe('12.345')
    type('Price of Pool only, in BD', '1.2345')
    expect(price.value).toBe('1.234')
  })

  it('empties a pass’s price when the pass is unticked', async () => {
    stubApi()
    await renderPage()
    fireEvent.click(screen.getByLabelText('Sauna & steam'))
    type('Price of Sauna & steam, in BD', '9.5')
    fireEvent.click(screen.getByLabelText('Sauna & steam'))
    expect(field('Price of Sauna & steam, in BD').value).toBe('')
    expect(field('Price of Sauna & steam, in BD').disabled).toBe(true)
    fireEvent.click(screen.getByLabelText('Sauna & steam'))
    expect(field('Price of Sauna & steam, in BD').value).toBe('')
  })

  it('asks for the other facility only when Other is ticked', async () => {
    stubApi()
    await renderPage()
    expect(screen.queryByLabelText(/^Other facility/)).toBeNull()
    fireEvent.click(within(group('Facility options')).getByLabelText('Other'))
    expect(field(/^Other facility/)).toBeTruthy()
    submit()
    expect(await screen.findByText('Please describe the other facility')).toBeTruthy()
    fireEvent.click(within(group('Facility options')).getByLabelText('Other'))
    expect(screen.queryByLabelText(/^Other facility/)).toBeNull()
  })

  it('shows every required field’s message, and sends nothing', async () => {
    const posted = stubApi()
    await renderPage()
    type(/^Country/, '')
    submit()
    for (const message of [
      'Venue name is required',
      'Venue email is required',
      'Please choose the venue type',
      'Contact first name is required',
      'Contact last name is required',
      'Please choose the facility',
      'Start date is required',
      'End date is required',
      'Start time is required',
      'End time is required',
      'Area is required',
      'City is required',
      'Country is required',
    ])
      expect(await screen.findByText(message)).toBeTruthy()
    expect(field(/^Venue name/).getAttribute('aria-invalid')).toBe('true')
    expect(group('Venue type').getAttribute('aria-describedby')).toBeTruthy()
    expect(posted).toEqual([])
  })

  it('checks chosen passes’ prices, the dates’ order and the hours', async () => {
    const posted = stubApi()
    await renderPage()
    fillRequired()
    fireEvent.click(screen.getByLabelText('Gym only'))
    type(/^End date/, formatDisplayDate(addDays(start, -1)))
    type(/^End time/, '05:00')
    submit()
    expect(await screen.findByText('Please enter a price for this pass')).toBeTruthy()
    expect(screen.getByText('The end date cannot be before the start date')).toBeTruthy()
    expect(screen.getByText('The end time must be after the start time')).toBeTruthy()
    expect(posted).toEqual([])
  })

  it('sends the application and shows what happens next', async () => {
    const posted = stubApi()
    await renderPage()
    fillRequired()
    fireEvent.click(within(group('Facility options')).getByLabelText('Sauna Room'))
    fireEvent.click(screen.getByLabelText('Pool only'))
    type('Price of Pool only, in BD', '8.5')
    fireEvent.click(screen.getByLabelText('All inclusive'))
    type('Price of All inclusive, in BD', '25')
    type(/^Other pass/, 'Ladies-only swim')
    type('Price of the other pass, in BD', '6.250')
    submit()

    expect(await screen.findByRole('heading', { level: 1, name: 'Application received' })).toBeTruthy()
    expect(screen.getByText(/replies to hello@seeftower.bh to set up your listing/)).toBeTruthy()
    expect(screen.getByText('VA-000042')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')
    const noPass = { selected: false, price: '' }
    expect(posted).toEqual([
      {
        venueName: 'Seef Tower Fitness',
        venueEmail: 'hello@seeftower.bh',
        contactFirstName: 'Huda',
        contactLastName: 'Al Mannai',
        venueType: 'Hotel',
        facilityItem: 'Both',
        facilityOptions: ['Sauna Room'],
        otherFacilityOption: '',
        dayPasses: {
          poolOnly: { selected: true, price: '8.5' },
          gymOnly: noPass,
          poolGym: noPass,
          saunaSteam: noPass,
          allInclusive: { selected: true, price: '25' },
          beachAccess: noPass,
          poolAccess: noPass,
        },
        otherPass: { name: 'Ladies-only swim', price: '6.250' },
        availableStartDate: start,
        availableEndDate: end,
        startTime: '06:00',
        endTime: '22:00',
        area: 'Seef',
        city: 'Manama',
        country: 'Bahrain',
      },
    ])
  })

  it('says when sending failed, and keeps everything typed', async () => {
    stubApi(() => new Response('down', { status: 502 }))
    await renderPage()
    fillRequired()
    submit()
    expect(await screen.findByText('We could not send your application. Please try again.')).toBeTruthy()
    expect(field(/^Venue name/).value).toBe('Seef Tower Fitness')
    expect(field(/^Start date/).value).toBe(formatDisplayDate(start))
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Submit Application' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    )
  })

  it('puts the server’s field messages under their fields', async () => {
    stubApi(() =>
      Response.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The start date cannot be in the past',
            fields: { availableStartDate: 'START_DATE_PAST' },
          },
        },
        { status: 400 },
      ),
    )
    await renderPage()
    fillRequired()
    submit()
    expect(await screen.findByText('The start date cannot be in the past')).toBeTruthy()
    expect(screen.getByText('Please correct the fields marked above and send again.')).toBeTruthy()
  })
})
