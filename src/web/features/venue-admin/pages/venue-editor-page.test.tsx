import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { permissionsFor } from '../../../../shared/permissions.ts'
import type { AdminVenueDetail } from '../../../../shared/venue-admin.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

const pass = (id: string, nameEn: string, position: number) => ({
  id,
  type: 'Gym' as const,
  nameEn,
  nameAr: `تذكرة ${position}`,
  descriptionEn: '',
  descriptionAr: '',
  weekdayPriceFils: 14000,
  weekendPriceFils: null,
  holidayPriceFils: null,
  position,
  archivedAt: null,
})

const draft: AdminVenueDetail = {
  venue: {
    id: 'seef-tower',
    nameEn: 'Seef Tower Fitness',
    nameAr: '',
    descriptionEn: 'A **rooftop** gym.',
    descriptionAr: '',
    areaId: 'seef',
    locationEn: 'Seef Tower, Manama',
    locationAr: '',
    latitude: null,
    longitude: null,
    rating: 4,
    payAtVenueOnly: false,
    cancellationNoticeHours: 24,
    commissionPercent: 15,
    venueType: 'fitness-studio',
    status: 'draft',
    slug: 'seef-tower',
    facilities: ['gym'],
    sellsFrom: '2026-12-01',
    sellsUntil: null,
    everPublished: false,
    capacityPerSlot: 10,
    weeklyHours: [[], [], [], [], [], [], []],
    notices: { bookingsEmail: '', mode: 'each', language: 'en' },
    vat: { vatRegistered: false, vatNumber: '', pricesIncludeVat: true },
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
  passes: [pass('seef-tower-gym', 'Gym Pass', 0), pass('seef-tower-pool', 'Pool Pass', 1)],
  images: [],
  missing: ['MISSING_ARABIC_TEXT', 'MISSING_COVER_PHOTO'],
}

const history = [
  {
    id: 2,
    actorEmail: 'huda@daypass.bh',
    action: 'pass.update',
    entityType: 'pass',
    entityId: 'seef-tower-gym',
    before: { weekdayPriceFils: 10000 },
    after: { weekdayPriceFils: 13000 },
    at: '2026-11-21T09:15:00.000Z',
  },
  {
    id: 1,
    actorEmail: 'huda@daypass.bh',
    action: 'venue.status',
    entityType: 'venue',
    entityId: 'seef-tower',
    before: { status: 'draft' },
    after: { status: 'coming_soon' },
    at: '2026-11-20T09:00:00.000Z',
  },
]

interface Call {
  method: string
  url: string
  body: unknown
}

/** The admin API: GETs answer the venue, its history, schedule and photos; each change answers `onChange`. */
function stubApi(onChange: (call: Call) => Response) {
  const calls: Call[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    if (method === 'GET' && url === '/api/admin/venues/seef-tower') return Response.json(draft)
    if (method === 'GET' && url === '/api/admin/venues/seef-tower/history')
      return Response.json({ entries: history })
    // The hours, closures and photos sections load their own data; these tests are not about them.
    if (method === 'GET' && url === '/api/admin/venues/seef-tower/schedule')
      return Response.json({
        venueId: 'seef-tower',
        weeklyHours: draft.venue.weeklyHours,
        capacityPerSlot: 10,
        exceptions: [],
      })
    if (method === 'GET' && url === '/api/admin/venues/seef-tower/photos')
      return Response.json({ photos: [] })
    if (method === 'GET' && url.startsWith('/api/desk/waitlist?')) return Response.json({ slots: [] })
    // The list of areas: the venue's own, another offered one and one no longer offered.
    if (method === 'GET' && url === '/api/admin/areas')
      return Response.json({
        areas: [
          { id: 'seef', name: { en: 'Seef', ar: 'السيف' }, active: true, venues: 1, applications: 0 },
          { id: 'adliya', name: { en: 'Adliya', ar: 'العدلية' }, active: true, venues: 0, applications: 0 },
          { id: 'hidd', name: { en: 'Hidd', ar: 'الحد' }, active: false, venues: 0, applications: 0 },
        ],
      })
    const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined }
    calls.push(call)
    return onChange(call)
  })
  return calls
}

const refuse = (status: number, code: string, extra: object = {}) =>
  Response.json({ error: { code, message: code, ...extra } }, { status })

async function renderEditor() {
  renderRoutes(routes, {
    path: '/admin/venues/seef-tower',
    session: signedInAs('manager', permissionsFor('manager')),
  })
  await screen.findByRole('heading', { level: 1, name: 'Seef Tower Fitness' }, { timeout: 5000 })
}

describe('the venue editor page', () => {
  it('shows English and Arabic fields, the Arabic ones right to left, with a live preview of the description', async () => {
    stubApi(() => Response.json(draft))
    await renderEditor()
    const details = screen.getByRole('region', { name: 'Details' })
    expect(within(details).getByLabelText('Name (Arabic)').getAttribute('dir')).toBe('rtl')
    expect(
      within(details)
        .getByLabelText(/^Name \(English\)/)
        .getAttribute('dir'),
    ).toBe('ltr')
    fireEvent.change(within(details).getByLabelText('Description (English)'), {
      target: { value: 'Now with a **sea view**' },
    })
    expect(within(details).getByText('sea view').tagName).toBe('STRONG')
    // The missing items are listed before anyone tries to publish.
    expect(screen.getByRole('region', { name: 'Status' }).textContent).toContain('Add a cover photo.')
  })

  it('lists, translated, what a refused publish is missing', async () => {
    const calls = stubApi(() =>
      refuse(422, 'VENUE_NOT_READY', {
        details: 'MISSING_ARABIC_TEXT,MISSING_COVER_PHOTO,MISSING_ACTIVE_PASS',
      }),
    )
    await renderEditor()
    const status = screen.getByRole('region', { name: 'Status' })
    fireEvent.click(within(status).getByRole('button', { name: 'Publish' }))
    const alert = await within(status).findByRole('alert')
    await waitFor(() => expect(within(alert).getAllByRole('listitem')).toHaveLength(3))
    expect(alert.textContent).toContain('This venue cannot be shown to visitors yet.')
    expect(alert.textContent).toContain('Add at least one pass that is on sale.')
    expect(calls).toEqual([
      { method: 'POST', url: '/api/admin/venues/seef-tower/status', body: { status: 'published' } },
    ])

    await act(() => i18next.changeLanguage('ar'))
    expect(alert.textContent).toContain('أضف صورة غلاف.')
  })

  it('sends the details with the version it loaded, and says when someone changed the venue meanwhile', async () => {
    const calls = stubApi(() => refuse(409, 'VENUE_CHANGED_ELSEWHERE'))
    await renderEditor()
    const details = screen.getByRole('region', { name: 'Details' })
    // The area is chosen from the list: the venue's own, and the areas still offered.
    await within(details).findByRole('option', { name: 'Adliya' })
    const area = within(details).getByLabelText(/^Area/) as HTMLSelectElement
    expect(area.value).toBe('seef')
    expect([...area.options].map((option) => option.value)).toEqual(['', 'adliya', 'seef'])
    fireEvent.change(within(details).getByLabelText('Name (Arabic)'), { target: { value: 'برج السيف' } })
    fireEvent.click(within(details).getByRole('button', { name: 'Save details' }))
    const alert = await within(details).findByRole('alert')
    await waitFor(() => expect(alert.textContent).toContain('Someone else changed this venue'))
    expect(within(alert).getByRole('button', { name: 'Reload the venue' })).toBeTruthy()
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/admin/venues/seef-tower',
      body: {
        nameAr: 'برج السيف',
        areaId: 'seef',
        latitude: '',
        rating: 4,
        updatedAt: '2026-11-20T10:00:00.000Z',
      },
    })
  })

  it('checks the bookings address before saving the notices, and sends them on their own', async () => {
    const calls = stubApi(() => Response.json(draft))
    await renderEditor()
    const notices = screen.getByRole('region', { name: 'Booking notices' })
    fireEvent.change(within(notices).getByLabelText(/Bookings e-mail address/), {
      target: { value: 'front desk@seef' },
    })
    fireEvent.click(within(notices).getByRole('button', { name: 'Save booking notices' }))
    expect(
      await within(notices).findByText(
        'Enter a valid e-mail address for booking notices, such as bookings@venue.bh, or leave it empty.',
      ),
    ).toBeTruthy()
    expect(calls).toEqual([])

    fireEvent.change(within(notices).getByLabelText(/Bookings e-mail address/), {
      target: { value: 'frontdesk@seeftower.bh' },
    })
    fireEvent.change(within(notices).getByLabelText('Send'), { target: { value: 'digest' } })
    fireEvent.change(within(notices).getByLabelText('Language of the mails'), { target: { value: 'ar' } })
    fireEvent.click(within(notices).getByRole('button', { name: 'Save booking notices' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: '/api/admin/venues/seef-tower/notices',
      body: { bookingsEmail: 'frontdesk@seeftower.bh', mode: 'digest', language: 'ar' },
    })
  })

  it('asks a VAT-registered venue for its VAT number, in the visitor’s digits too, and sends the VAT on its own', async () => {
    const calls = stubApi((call) =>
      Response.json({
        ...draft,
        venue: { ...draft.venue, vat: call.body as AdminVenueDetail['venue']['vat'] },
      }),
    )
    await renderEditor()
    const vat = screen.getByRole('region', { name: 'VAT' })
    expect(within(vat).queryByLabelText(/VAT account number/)).toBeNull()
    fireEvent.click(within(vat).getByLabelText('VAT-registered'))
    const number = await within(vat).findByLabelText(/VAT account number/)
    fireEvent.change(number, { target: { value: '12345' } })
    fireEvent.click(within(vat).getByRole('button', { name: 'Save VAT' }))
    expect(
      await within(vat).findByText(
        'A Bahraini VAT account number is 15 digits starting with 2, such as 200000898300002.',
      ),
    ).toBeTruthy()
    expect(calls).toEqual([])

    fireEvent.change(number, { target: { value: '٢٠٠٠٠٠٨٩٨٣٠٠٠٠٢' } })
    fireEvent.click(within(vat).getByLabelText('The passes’ prices include VAT'))
    fireEvent.click(within(vat).getByRole('button', { name: 'Save VAT' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: '/api/admin/venues/seef-tower/vat',
      body: { vatRegistered: true, vatNumber: '200000898300002', pricesIncludeVat: false },
    })
    // The passes say what visitors pay: the price plus 10%.
    const passes = screen.getByRole('region', { name: 'Passes' })
    expect(
      (await within(passes).findAllByText('Visitors pay BD 15.400 on weekdays, 10% VAT added.')).length,
    ).toBe(2)
  })

  it('shows and sends the facilities, the dates of sale, the web address and "not rated"', async () => {
    const calls = stubApi(() => Response.json(draft))
    await renderEditor()
    const details = screen.getByRole('region', { name: 'Details' })
    const facility = (name: string) => within(details).getByLabelText(name) as HTMLInputElement
    expect(facility('Gym').checked).toBe(true)
    expect(facility('Women-only hours').checked).toBe(false)
    const from = within(details).getByLabelText(/^Sells visits from/) as HTMLInputElement
    expect(from.value).toBe('2026-12-01')
    const address = within(details).getByLabelText(/^Web address/) as HTMLInputElement
    expect(address.value).toBe('seef-tower')
    expect(address.readOnly).toBe(false)
    fireEvent.click(facility('Pool'))
    fireEvent.change(within(details).getByLabelText(/^Sells visits until/), {
      target: { value: '2027-03-31' },
    })
    fireEvent.change(address, { target: { value: 'seef-tower-fitness' } })
    fireEvent.change(within(details).getByLabelText('Rating'), { target: { value: '' } })
    fireEvent.click(within(details).getByRole('button', { name: 'Save details' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toMatchObject({
      facilities: ['pool', 'gym'],
      sellsFrom: '2026-12-01',
      sellsUntil: '2027-03-31',
      slug: 'seef-tower-fitness',
      rating: null,
    })
  })

  it('puts a taken web address’s message under the field', async () => {
    stubApi(() => refuse(409, 'SLUG_TAKEN', { fields: { slug: 'SLUG_TAKEN' } }))
    await renderEditor()
    const details = screen.getByRole('region', { name: 'Details' })
    fireEvent.change(within(details).getByLabelText(/^Web address/), {
      target: { value: 'vida-beach-hotel' },
    })
    fireEvent.click(within(details).getByRole('button', { name: 'Save details' }))
    expect(
      (await within(details).findAllByText('Another venue already uses this web address.')).length,
    ).toBeGreaterThan(0)
  })

  it('checks a new pass in its dialog, then adds it', async () => {
    const calls = stubApi(() => Response.json(draft, { status: 201 }))
    await renderEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Add a pass' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a pass' })
    fireEvent.change(within(dialog).getByLabelText(/Pass type/), { target: { value: 'Pool' } })
    fireEvent.change(within(dialog).getByLabelText(/^Name \(English\)/), { target: { value: 'Ladies Swim' } })
    fireEvent.change(within(dialog).getByLabelText(/^Name \(Arabic\)/), {
      target: { value: 'سباحة السيدات' },
    })
    fireEvent.change(within(dialog).getByLabelText(/Weekday price/), { target: { value: '9.5001' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save pass' }))
    expect(await within(dialog).findByText('Please enter a price in BD, such as 12.500')).toBeTruthy()
    expect(calls).toEqual([])

    fireEvent.change(within(dialog).getByLabelText(/Weekday price/), { target: { value: '9.500' } })
    fireEvent.change(within(dialog).getByLabelText(/Friday and Saturday price/), { target: { value: '12' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save pass' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/admin/venues/seef-tower/passes',
        body: {
          type: 'Pool',
          nameEn: 'Ladies Swim',
          nameAr: 'سباحة السيدات',
          descriptionEn: '',
          descriptionAr: '',
          weekdayPrice: '9.500',
          weekendPrice: '12',
          holidayPrice: '',
        },
      },
    ])
  })

  it('moves a pass down and archives one', async () => {
    const calls = stubApi(() => Response.json(draft))
    await renderEditor()
    const passes = screen.getByRole('region', { name: 'Passes' })
    expect(within(passes).getByRole('button', { name: 'Move Gym Pass up' })).toHaveProperty('disabled', true)
    fireEvent.click(within(passes).getByRole('button', { name: 'Move Gym Pass down' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    fireEvent.click(within(passes).getByRole('button', { name: 'Archive Pool Pass' }))
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/venues/seef-tower/passes/order',
        body: { ids: ['seef-tower-pool', 'seef-tower-gym'] },
      },
      { method: 'POST', url: '/api/admin/venues/seef-tower/passes/seef-tower-pool/archive', body: {} },
    ])
  })

  it('shows the history: who, when, what, and each value before → after', async () => {
    stubApi(() => Response.json(draft))
    await renderEditor()
    const region = screen.getByRole('region', { name: 'History' })
    const items = await within(region).findAllByRole('listitem')
    const text = region.textContent ?? ''
    expect(text).toContain('huda@daypass.bh')
    expect(text).toContain('21 Nov 2026, 12:15')
    expect(text).toContain('Pass changed')
    expect(items.map((item) => item.textContent)).toContain('Weekday price: BD 10.000 → BD 13.000')
    expect(items.map((item) => item.textContent)).toContain('Status: Draft → Coming soon')
  })
})
