import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedOut } from '../../../testing/render.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

const start = addDays(todayInBahrain(), 10)
const end = addDays(todayInBahrain(), 100)

/** A fetch that answers the application POST with `reply`, and records what was sent. */
function stubApi(
  reply: () => Response = () => Response.json({ id: 42, status: 'pending' }, { status: 201 }),
) {
  const posted: unknown[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    // The areas the form offers, named in both languages.
    if (String(input) === '/api/areas')
      return Response.json({
        areas: [
          { id: 'juffair', name: { en: 'Juffair', ar: 'الجفير' } },
          { id: 'seef', name: { en: 'Seef', ar: 'السيف' } },
          { id: 'adliya', name: { en: 'Adliya', ar: 'العدلية' } },
        ],
      })
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
  await screen.findByRole('heading', { level: 1, name: 'Register Your Venue' }, { timeout: 15000 })
  await screen.findByRole('option', { name: 'Seef' })
}

const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: RegExp | string, value: string) => fireEvent.change(field(label), { target: { value } })
const group = (name: string) => screen.getByRole('group', { name })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }))

function fillRequired() {
  type(/^Venue name in English/, 'Seef Tower Fitness')
  type(/^Venue email/, 'hello@seeftower.bh')
  fireEvent.click(within(group('Venue type')).getByLabelText('Hotel'))
  type(/^First name/, 'Huda')
  type(/^Last name/, 'Al Mannai')
  type(/^Contact phone/, '3612 3456')
  type(/^Start date/, formatDisplayDate(start).replaceAll('/', ''))
  type(/^End date/, formatDisplayDate(end))
  type(/^Start time/, '06:00')
  type(/^End time/, '22:00')
  type(/^Area/, 'seef')
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

  it('offers the facilities as a list of checkboxes, none required, and every venue type', async () => {
    stubApi()
    await renderPage()
    const facilities = within(group('Facilities'))
    for (const name of [
      'Pool',
      'Gym',
      'Sauna',
      'Steam room',
      'Jacuzzi',
      'Spa',
      'Kids’ area',
      'Beach access',
      'Group classes',
      'Women-only hours',
    ])
      expect((facilities.getByLabelText(name) as HTMLInputElement).type, name).toBe('checkbox')
    for (const name of ['Gym', 'Hotel', 'Fitness Center', 'Spa', 'Resort', 'Beach club', 'Pool'])
      expect(within(group('Venue type')).getByLabelText(name)).toBeTruthy()
    expect(screen.queryByText('Please choose the facility')).toBeNull()
  })

  it('asks for the name in Arabic first in the Arabic form, with the countries in Arabic', async () => {
    const posted = stubApi()
    await i18next.changeLanguage('ar')
    renderRoutes(routes, { path: '/vendors', session: signedOut })
    const arabicName = (await screen.findByLabelText(
      /^اسم المنشأة بالعربية/,
      {},
      { timeout: 5000 },
    )) as HTMLInputElement
    const englishName = screen.getByLabelText(/^اسم المنشأة بالإنجليزية/) as HTMLInputElement
    // Arabic first: it comes before the English field in the page.
    expect(arabicName.compareDocumentPosition(englishName) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const country = screen.getByLabelText(/^الدولة/) as HTMLSelectElement
    expect(country.value).toBe('BH')
    expect([...country.options].map((option) => option.text)).toContain('البحرين')
    // The areas by their Arabic names, in Arabic order, each once: «السيف» is Seef.
    const area = screen.getByLabelText(/^المنطقة/) as HTMLSelectElement
    await screen.findByRole('option', { name: 'السيف' })
    expect([...area.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'اختر المنطقة'],
      ['juffair', 'الجفير'],
      ['seef', 'السيف'],
      ['adliya', 'العدلية'],
    ])
    fireEvent.change(arabicName, { target: { value: 'نادي الشاطئ الذهبي' } })
    fireEvent.click(screen.getByRole('button', { name: 'أرسل الطلب' }))
    // The English name stays empty: nothing is copied into it.
    await waitFor(() => expect(englishName.value).toBe(''))
    expect(posted).toEqual([])
  })

  it('keeps the other pass’s type, asking for one when it is named', async () => {
    const posted = stubApi()
    await renderPage()
    fillRequired()
    type('Other pass', 'تذكرة الأطفال')
    type('Price of the other pass, in BD', '3')
    submit()
    expect(await screen.findByText('Please choose who the other pass is for')).toBeTruthy()
    fireEvent.change(screen.getByLabelText(/^Who the other pass is for/), { target: { value: 'Kids' } })
    submit()
    await screen.findByRole('heading', { level: 1, name: 'Application received' })
    expect(posted[0]).toMatchObject({ otherPass: { name: 'تذكرة الأطفال', price: '3', type: 'Kids' } })
  })

  it('refuses a phone number that is no number', async () => {
    const posted = stubApi()
    await renderPage()
    fillRequired()
    type(/^Contact phone/, '3612 34ab')
    submit()
    expect(
      await screen.findByText('Please enter a valid phone number, such as 3612 3456 or +973 3612 3456.'),
    ).toBeTruthy()
    expect(posted).toEqual([])
  })

  it('shows every required field’s message, and sends nothing', async () => {
    const posted = stubApi()
    await renderPage()
    submit()
    for (const message of [
      'Venue email is required',
      'Please choose the venue type',
      'Contact first name is required',
      'Contact last name is required',
      'Contact phone is required',
      'Start date is required',
      'Start time is required',
      'End time is required',
      'Area is required',
      'City is required',
    ])
      expect(await screen.findByText(message)).toBeTruthy()
    // One name is enough, in either language: both fields say so until one is filled.
    expect(screen.getAllByText('Venue name is required')).toHaveLength(2)
    // The end date may be left empty (ongoing).
    expect(screen.queryByText('End date is required')).toBeNull()
    expect(field(/^Venue name in English/).getAttribute('aria-invalid')).toBe('true')
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
    fireEvent.click(within(group('Facilities')).getByLabelText('Sauna'))
    fireEvent.click(within(group('Facilities')).getByLabelText('Pool'))
    fireEvent.click(screen.getByLabelText('Pool only'))
    type('Price of Pool only, in BD', '8.5')
    type('Weekend price of Pool only in BD (optional)', '10')
    fireEvent.click(screen.getByLabelText('All inclusive'))
    type('Price of All inclusive, in BD', '25')
    fireEvent.click(screen.getByLabelText('Family pass'))
    type('Price of Family pass, in BD', '20')
    type('Other pass', 'Ladies-only swim')
    type('Price of the other pass, in BD', '6.250')
    fireEvent.change(screen.getByLabelText(/^Who the other pass is for/), { target: { value: 'Adult' } })
    type(/^End date/, '')
    fireEvent.change(screen.getByLabelText(/^Country/), { target: { value: 'SA' } })
    submit()

    expect(await screen.findByRole('heading', { level: 1, name: 'Application received' })).toBeTruthy()
    expect(screen.getByText(/replies to hello@seeftower.bh to set up your listing/)).toBeTruthy()
    expect(screen.getByText('VA-000042')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')
    const noPass = { selected: false, price: '', weekendPrice: '' }
    expect(posted).toEqual([
      {
        venueNameEn: 'Seef Tower Fitness',
        venueNameAr: '',
        venueEmail: 'hello@seeftower.bh',
        contactFirstName: 'Huda',
        contactLastName: 'Al Mannai',
        contactPhone: '+97336123456',
        venueType: 'Hotel',
        facilities: ['pool', 'sauna'],
        otherFacility: '',
        dayPasses: {
          poolOnly: { selected: true, price: '8.5', weekendPrice: '10' },
          gymOnly: noPass,
          poolGym: noPass,
          saunaSteam: noPass,
          allInclusive: { selected: true, price: '25', weekendPrice: '' },
          beachAccess: noPass,
          poolAccess: noPass,
          kids: noPass,
          family: { selected: true, price: '20', weekendPrice: '' },
        },
        otherPass: { name: 'Ladies-only swim', price: '6.250', weekendPrice: '', type: 'Adult' },
        availableStartDate: start,
        availableEndDate: '',
        startTime: '06:00',
        endTime: '22:00',
        areaId: 'seef',
        city: 'Manama',
        country: 'SA',
      },
    ])
  })

  it('says when sending failed, and keeps everything typed', async () => {
    stubApi(() => new Response('down', { status: 502 }))
    await renderPage()
    fillRequired()
    submit()
    expect(await screen.findByText('We could not send your application. Please try again.')).toBeTruthy()
    expect(field(/^Venue name in English/).value).toBe('Seef Tower Fitness')
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
