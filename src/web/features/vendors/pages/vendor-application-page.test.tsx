import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { permissionsFor } from '../../../../shared/permissions.ts'
import type { ApplicationDetail } from '../../../../shared/vendor-application.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

const pending: ApplicationDetail = {
  id: 7,
  status: 'pending',
  venueName: 'Seef Tower Fitness',
  venueNameEn: 'Seef Tower Fitness',
  venueNameAr: 'برج السيف للياقة',
  venueType: 'Hotel',
  area: { id: 'seef', name: { en: 'Seef', ar: 'السيف' } },
  city: 'Manama',
  contactName: 'Huda Al Mannai',
  venueEmail: 'hello@seeftower.bh',
  createdAt: '2026-03-09T22:30:00.000Z',
  contactFirstName: 'Huda',
  contactLastName: 'Al Mannai',
  contactPhone: '+97336123456',
  facilities: ['sauna', 'pool'],
  otherFacility: 'Padel court',
  dayPasses: [
    {
      option: 'poolOnly',
      label: 'Pool only',
      passType: 'Pool',
      priceFils: 8500,
      price: 'BD 8.500',
      weekendPriceFils: null,
      weekendPrice: null,
    },
    {
      option: 'other',
      label: 'Ladies-only swim',
      passType: 'Adult',
      priceFils: 6250,
      price: 'BD 6.250',
      weekendPriceFils: 7000,
      weekendPrice: 'BD 7.000',
    },
  ],
  availableStartDate: '2026-04-01',
  availableEndDate: '2026-12-31',
  startTime: '06:00',
  endTime: '22:00',
  country: 'BH',
  language: 'ar',
  decidedAt: null,
  decidedByEmail: null,
  decisionReason: null,
  venueId: null,
}
const decided = { decidedAt: '2026-03-12T09:00:00.000Z', decidedByEmail: 'manager@daypass.bh' }
const approved: ApplicationDetail = {
  ...pending,
  ...decided,
  status: 'approved',
  venueId: 'seef-tower-fitness',
}
const declined = (reason: string): ApplicationDetail => ({
  ...pending,
  ...decided,
  status: 'rejected',
  decisionReason: reason,
})

type Call = { url: string; method: string; body: unknown }

/** The admin API: the detail answers `detail()` (it may change), each decision what `decisions` says. */
function stubApi(
  detail: () => ApplicationDetail,
  decisions: Record<string, (body: unknown) => Response> = {},
) {
  const calls: Call[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ url, method, body })
    if (method === 'GET' && url === '/api/admin/vendor-applications/7') return Response.json(detail())
    if (method === 'GET' && url === '/api/admin/vendor-applications')
      return Response.json({ applications: [] })
    const decide = decisions[url]
    if (method === 'POST' && decide) return decide(body)
    return Response.json({ error: { code: 'APPLICATION_NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
  return calls
}

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST')

async function renderPage(path = '/admin/vendor-applications/7') {
  renderRoutes(routes, { path, session: signedInAs('manager', permissionsFor('manager')) })
  return screen.findByRole('heading', { level: 1, name: 'Seef Tower Fitness' }, { timeout: 5000 })
}

describe('the venue application page', () => {
  it('shows everything the venue sent, with Approve and Decline while it is pending', async () => {
    stubApi(() => pending)
    await renderPage()
    expect(screen.getByText('VA-000007')).toBeTruthy()
    expect(screen.getByText('Pending')).toBeTruthy()
    await screen.findByText('Ladies-only swim')
    const text = document.body.textContent ?? ''
    for (const shown of [
      'hello@seeftower.bh',
      'Huda Al Mannai',
      'برج السيف للياقة',
      '+973 3612 3456',
      'Sauna, Pool, Padel court',
      '(Adults)',
      'Weekend price BD 7.000',
      '01/04/2026',
      '06:00 - 22:00',
      'Seef, Manama, Bahrain',
      'Arabic',
      'BD 8.500',
    ])
      expect(text).toContain(shown)
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'All applications' }).getAttribute('href')).toBe(
      '/admin/vendor-applications',
    )
  })

  it('approves, says so, and links to the draft venue’s editor', async () => {
    let current = pending
    const calls = stubApi(() => current, {
      '/api/admin/vendor-applications/7/approve': () => {
        current = approved
        return Response.json(approved)
      },
    })
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    const status = await screen.findByRole('status')
    expect(status.textContent).toContain('Approved. The applicant has been e-mailed')
    expect(screen.getByRole('link', { name: 'Open the draft venue' }).getAttribute('href')).toBe(
      '/admin/venues/seef-tower-fitness',
    )
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()
    expect(document.body.textContent).toContain('Approved on 12/03/2026 by manager@daypass.bh')
    expect(posts(calls)).toEqual([
      { url: '/api/admin/vendor-applications/7/approve', method: 'POST', body: undefined },
    ])
  })

  it('needs a reason to decline, sends it trimmed, and shows it', async () => {
    let current = pending
    const calls = stubApi(() => current, {
      '/api/admin/vendor-applications/7/decline': (body) => {
        current = declined((body as { reason: string }).reason)
        return Response.json(current)
      },
    })
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('dialog', { name: 'Decline this application' })
    const send = within(dialog).getByRole('button', { name: 'Decline and e-mail the applicant' })
    fireEvent.click(send)
    expect(await within(dialog).findByText('Please give the reason for declining.')).toBeTruthy()
    const reason = within(dialog).getByRole('textbox', { name: /Reason for declining/ })
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(reason, { target: { value: ' no ' } })
    fireEvent.click(send)
    expect(await within(dialog).findByText('The reason must be at least 3 characters.')).toBeTruthy()
    expect(posts(calls)).toEqual([])

    fireEvent.change(reason, { target: { value: '  We only list venues with a pool.  ' } })
    fireEvent.click(send)
    expect((await screen.findByRole('status')).textContent).toContain(
      'Declined. The applicant has been e-mailed',
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posts(calls)).toEqual([
      {
        url: '/api/admin/vendor-applications/7/decline',
        method: 'POST',
        body: { reason: 'We only list venues with a pool.' },
      },
    ])
    expect(screen.getByText('We only list venues with a pool.')).toBeTruthy()
    expect(screen.getByText('Declined')).toBeTruthy()
  })

  it('says when someone else decided first, and shows their decision', async () => {
    let current = pending
    stubApi(() => current, {
      '/api/admin/vendor-applications/7/approve': () => {
        current = declined('Not in Bahrain')
        return Response.json(
          { error: { code: 'APPLICATION_ALREADY_DECIDED', message: 'Already decided' } },
          { status: 409 },
        )
      },
    })
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'This application has already been decided. Reload it to see the decision.',
    )
    expect(await screen.findByText('Not in Bahrain')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('says there is no such application', async () => {
    stubApi(() => pending)
    renderRoutes(routes, {
      path: '/admin/vendor-applications/8',
      session: signedInAs('manager', permissionsFor('manager')),
    })
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'There is no application with this number.',
    )
  })

  it('reads in Arabic, right to left', async () => {
    stubApi(() => pending)
    await act(() => i18next.changeLanguage('ar'))
    renderRoutes(routes, {
      path: '/admin/vendor-applications/7',
      session: signedInAs('manager', permissionsFor('manager')),
    })
    await screen.findByRole('heading', { level: 1, name: 'Seef Tower Fitness' }, { timeout: 5000 })
    expect(screen.getByRole('button', { name: 'موافقة' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'رفض' })).toBeTruthy()
    expect(screen.getByText('قيد المراجعة')).toBeTruthy()
    expect(document.documentElement.dir).toBe('rtl')
  })
})
