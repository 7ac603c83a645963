import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import type { ListedVenue, VenueList } from '../../../../shared/catalog-api.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedOut } from '../../../testing/render.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

const seef: ListedVenue = {
  id: 'seef-towers-residences',
  slug: 'seef-towers-residences',
  name: { en: 'Seef Towers Residences', ar: 'مساكن أبراج السيف' },
  description: { en: 'A quiet gym.', ar: 'صالة هادئة.' },
  area: { id: 'seef', name: { en: 'Seef', ar: 'السيف' } },
  location: { en: 'Seef District', ar: 'ضاحية السيف' },
  venueType: 'serviced-apartment',
  rating: 4,
  reviews: { average: null, count: 0 },
  facilities: ['pool', 'sauna'],
  comingSoon: false,
  payAtVenueOnly: false,
  images: [],
  passes: [],
  openingHours: [[], [], [], [], [], [], []],
  cancellationNoticeHours: 24,
  sellsFrom: null,
  sellsUntil: null,
  coordinates: null,
  fromPriceFils: 12_000,
  fromPrice: 'BD 12.000',
  priceNote: 'weekend',
  nextSlot: { time: '07:00', remaining: 5 },
}

/**
 * The cards' photo carousel watches media queries, sizes and scrolling, which jsdom lacks; set for
 * the whole file, as the carousel may still redraw after a test has ended.
 */
class Observer {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(window, {
  IntersectionObserver: window.IntersectionObserver ?? Observer,
  ResizeObserver: window.ResizeObserver ?? Observer,
  matchMedia:
    window.matchMedia ??
    ((query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    })),
})

/** The API's answer for any filters: `gyms` as given, echoing the query it was asked. */
function stubList(gyms: ListedVenue[]) {
  const asked: string[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname !== '/api/gyms') return Response.json({ error: { code: 'NOT_FOUND' } }, { status: 404 })
    asked.push(url.search)
    const areas = [
      { id: 'juffair', name: { en: 'Juffair', ar: 'الجفير' } },
      { id: 'seef', name: { en: 'Seef', ar: 'السيف' } },
    ]
    // As the server does: an area named in either language is answered as its id.
    const answered = new URLSearchParams(url.search)
    const named = areas.find((area) => [area.name.en, area.name.ar].includes(answered.get('area') ?? ''))
    if (named) answered.set('area', named.id)
    const list: VenueList = {
      date: '2026-12-04',
      dayType: 'weekend',
      query: answered.toString(),
      total: gyms.length,
      page: 1,
      pageSize: 24,
      areas,
      gyms,
    }
    return Response.json(list)
  })
  return asked
}

async function renderAt(path: string) {
  const view = renderRoutes(routes, { path, session: signedOut })
  await screen.findByRole('heading', { level: 1 }, { timeout: 15000 })
  return view
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement

describe('the /gyms filters', () => {
  it('shows the URL’s filters in the form and puts a submitted choice in the URL', async () => {
    const asked = stubList([seef])
    // An older link names the area: it is Seef's id the form and the next link hold.
    const { router } = await renderAt('/gyms?area=Seef&facility=pool&date=2026-12-04')
    await screen.findByText('from BD 12.000')
    expect(screen.getByText('Weekend price')).toBeTruthy()
    expect(screen.getByText('Next: 07:00, 5 places')).toBeTruthy()
    await waitFor(() => expect(select('Area').value).toBe('seef'))
    expect(screen.getAllByRole('option', { name: 'Seef' })).toHaveLength(1)
    expect((screen.getByLabelText('Pool') as HTMLInputElement).checked).toBe(true)
    expect(asked).toContain('?area=Seef&facility=pool&date=2026-12-04')

    fireEvent.change(select('Open at'), { target: { value: '7' } })
    fireEvent.change(select('Sort by'), { target: { value: 'price' } })
    fireEvent.click(screen.getByLabelText('Sauna'))
    fireEvent.click(screen.getByRole('button', { name: 'Show venues' }))
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?area=seef&facility=pool&facility=sauna&date=2026-12-04&hour=7&sort=price',
      ),
    )
    await waitFor(() => expect(asked).toContain(router.state.location.search))

    // Back shows the earlier filters in the form again.
    await act(() => router.navigate(-1))
    await waitFor(() => expect(select('Open at').value).toBe(''))
    expect((screen.getByLabelText('Sauna') as HTMLInputElement).checked).toBe(false)
  })

  it('clears one filter with one tap, and all of them', async () => {
    stubList([seef])
    const { router } = await renderAt('/gyms?area=seef&facility=pool&bookable=1&sort=price')
    await screen.findByText('from BD 12.000')
    fireEvent.click(screen.getByRole('link', { name: 'Remove: Area: Seef' }))
    await waitFor(() => expect(router.state.location.search).toBe('?facility=pool&bookable=1&sort=price'))
    fireEvent.click(screen.getByRole('link', { name: 'Clear all filters' }))
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price'))
  })

  it('says which filter to loosen when nothing matches, each a link without it', async () => {
    stubList([])
    await renderAt('/gyms?area=seef&facility=beach-access&max=5')
    expect(await screen.findByText('No venue matches all these filters. Try loosening one:')).toBeTruthy()
    const loosen = (name: string) => screen.getByRole('link', { name }).getAttribute('href')
    expect(loosen('Remove: Area: Seef')).toBe('/gyms?facility=beach-access&max=5')
    expect(loosen('Remove: Facilities: Beach access')).toBe('/gyms?area=seef&max=5')
    expect(loosen('Remove: Up to BD 5')).toBe('/gyms?area=seef&facility=beach-access')
  })

  it('says when it could not read a filter, and shows the list without it', async () => {
    const asked = stubList([seef])
    await renderAt('/gyms?hour=25&min=abc&area=Seef')
    expect(await screen.findByText('Some filters could not be read, so all venues are shown.')).toBeTruthy()
    expect(asked).toEqual(['?area=Seef'])
  })

  it('labels the form, the clears and the cards in Arabic', async () => {
    stubList([seef])
    // An older link's Arabic name: the same Seef.
    await renderAt(`/gyms?area=${encodeURIComponent('السيف')}&facility=pool`)
    await screen.findByText('from BD 12.000')
    await act(() => i18next.changeLanguage('ar'))
    expect(await screen.findByRole('combobox', { name: 'المنطقة' })).toBeTruthy()
    expect(screen.getByRole('option', { name: 'السيف' })).toBeTruthy()
    expect((screen.getByLabelText('مسبح') as HTMLInputElement).checked).toBe(true)
    expect(screen.getByRole('link', { name: 'إزالة: المنطقة: السيف' })).toBeTruthy()
    expect(screen.getByText('سعر نهاية الأسبوع')).toBeTruthy()
    expect(screen.getByText('التالي: 07:00، 5 أماكن')).toBeTruthy()
  })

  it('orders by name in the visitor’s language', async () => {
    const alba: ListedVenue = {
      ...seef,
      id: 'alba',
      slug: 'alba',
      name: { en: 'Alba Club', ar: 'نادي ألبا' },
    }
    const zayed: ListedVenue = {
      ...seef,
      id: 'zayed',
      slug: 'zayed',
      name: { en: 'Zayed Spa', ar: 'أبراج زايد' },
    }
    stubList([alba, zayed])
    await renderAt('/gyms?sort=name')
    const headings = async () =>
      (await screen.findAllByRole('article')).map((card) => card.querySelector('h2')?.textContent)
    await waitFor(async () => expect(await headings()).toEqual(['Alba Club', 'Zayed Spa']))
    await act(() => i18next.changeLanguage('ar'))
    await waitFor(async () => expect(await headings()).toEqual(['أبراج زايد', 'نادي ألبا']))
  })
})

describe('the booking dialog of a card on /gyms', () => {
  const today = todayInBahrain()
  const later = addDays(today, 3)
  const passes = [
    {
      id: 'seef-gym',
      type: 'Gym' as const,
      name: { en: 'Gym', ar: 'النادي' },
      description: { en: 'Gym access', ar: 'دخول النادي' },
      priceFils: 10_000,
      price: 'BD 10.000',
    },
  ]
  /** The list and each date's availability: today 09:00 gone, 10:00 open; the later date from 08:00 at BD 13.000. */
  function stubListAndDays() {
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost')
      const date = url.searchParams.get('date') ?? today
      if (url.pathname === '/api/gyms') {
        const list: VenueList = {
          date,
          dayType: 'weekday',
          query: url.search.slice(1),
          total: 1,
          page: 1,
          pageSize: 24,
          areas: [seef.area],
          gyms: [
            {
              ...seef,
              passes,
              priceNote: null,
              nextSlot: { time: date === today ? '10:00' : '08:00', remaining: 5 },
            },
          ],
        }
        return Response.json(list)
      }
      if (url.pathname === `/api/gyms/${seef.id}/availability`) {
        const price = date === today ? 10_000 : 13_000
        return Response.json({
          gymId: seef.id,
          date,
          dayType: 'weekday',
          holiday: null,
          bookable: true,
          slots: [
            {
              time: '08:00',
              capacity: 10,
              remaining: date === today ? 0 : 5,
              status: date === today ? 'past' : 'open',
            },
            { time: '09:00', capacity: 10, remaining: 0, status: date === today ? 'full' : 'open' },
            { time: '10:00', capacity: 10, remaining: 5, status: 'open' },
          ],
          passes: [{ id: 'seef-gym', priceFils: price, price: `BD ${price / 1000}.000`, priceNote: null }],
          placesPerOrder: 4,
        })
      }
      return Response.json({ error: { code: 'NOT_FOUND' } }, { status: 404 })
    })
  }

  async function openDialog() {
    const card = await screen.findByRole('article')
    fireEvent.click(within(card).getByRole('button', { name: /Gym access/ }))
    fireEvent.click(within(card).getByRole('button', { name: 'Add to Cart' }))
    // The dialog's code loads on the first tap, which can take a while on a busy machine.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 40_000 })
    return dialog
  }
  const checkedTime = async (dialog: HTMLElement) =>
    waitFor(() => {
      const checked = within(dialog)
        .getAllByRole('radio')
        .find((radio) => (radio as HTMLInputElement).checked)
      expect(checked).toBeTruthy()
      return (checked as HTMLInputElement).value
    })

  it('opens at today and its next open slot, and follows the list’s date when it changes', async () => {
    stubListAndDays()
    const { router } = await renderAt('/gyms')
    let dialog = await openDialog()
    const dateBox = () => within(dialog).getByRole('textbox', { name: 'Date' }) as HTMLInputElement
    expect(dateBox().value).toBe(formatDisplayDate(today))
    expect(await checkedTime(dialog)).toBe('10:00')
    await within(dialog).findByText('BD 10.000', { selector: '[aria-live]' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    // The visitor changes the list's date: the same card's dialog now offers that date, its first
    // open slot and its price.
    await act(() => router.navigate(`/gyms?date=${later}`))
    await screen.findByText('Next: 08:00, 5 places')
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }))
    dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(dateBox().value).toBe(formatDisplayDate(later)))
    expect(await checkedTime(dialog)).toBe('08:00')
    await within(dialog).findByText('BD 13.000', { selector: '[aria-live]' })
    expect(
      (within(dialog).getByRole('button', { name: 'Confirm & Add to Cart' }) as HTMLButtonElement).disabled,
    ).toBe(false)
  }, 90_000)
})
