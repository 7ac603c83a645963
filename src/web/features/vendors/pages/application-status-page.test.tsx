import { act, screen } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApplicationStatus } from '../../../../shared/application-status.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedOut } from '../../../testing/render.tsx'
import { stepsOf } from './application-status-page.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  await act(() => i18next.changeLanguage('en'))
})

const token = `3.${'b'.repeat(43)}`
const received: ApplicationStatus = {
  reference: 'VA-000003',
  status: 'received',
  receivedAt: '2026-11-20T08:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  publishedAt: null,
  venuePath: null,
}

function stubStatus(answer: () => Response) {
  vi.stubGlobal('fetch', async (input: string | URL | Request) =>
    String(input) === `/api/vendor-applications/status/${token}`
      ? answer()
      : Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }),
  )
}

describe('the steps of an application', () => {
  it('are received, approved and published, or end at a decline', () => {
    expect(stepsOf(received).map((step) => [step.key, step.done])).toEqual([
      ['received', true],
      ['approved', false],
      ['published', false],
    ])
    const declined = { ...received, status: 'declined' as const, decidedAt: '2026-11-21T08:00:00.000Z' }
    expect(stepsOf(declined).map((step) => [step.key, step.done, step.at])).toEqual([
      ['received', true, received.receivedAt],
      ['declined', true, declined.decidedAt],
    ])
    const published = {
      ...received,
      status: 'published' as const,
      decidedAt: '2026-11-21T08:00:00.000Z',
      publishedAt: '2026-11-25T08:00:00.000Z',
      venuePath: '/gyms/pearl-beach-club',
    }
    expect(stepsOf(published).every((step) => step.done)).toBe(true)
  })
})

describe('the applicant’s status page', () => {
  it('shows the reference, the steps with their dates, and the venue once published', async () => {
    stubStatus(() =>
      Response.json({
        ...received,
        status: 'published',
        decidedAt: '2026-11-21T08:00:00.000Z',
        publishedAt: '2026-11-25T08:00:00.000Z',
        venuePath: '/gyms/pearl-beach-club',
      }),
    )
    renderRoutes(routes, { path: `/vendors/status/${token}`, session: signedOut })
    expect(await screen.findByText('VA-000003', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByText('20 November 2026')).toBeTruthy()
    expect(screen.getByText('25 November 2026')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'See your venue’s page' }).getAttribute('href')).toBe(
      '/gyms/pearl-beach-club',
    )
  })

  it('shows a decline with the team’s reason, in Arabic with Western digits', async () => {
    stubStatus(() =>
      Response.json({
        ...received,
        status: 'declined',
        decidedAt: '2026-11-21T08:00:00.000Z',
        declineReason: 'We list venues in Bahrain only.',
      }),
    )
    await act(() => i18next.changeLanguage('ar'))
    renderRoutes(routes, { path: `/vendors/status/${token}`, session: signedOut })
    expect(await screen.findByText('We list venues in Bahrain only.', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByText(/^مرفوض/)).toBeTruthy()
    expect(screen.getByText(/21/).textContent).toMatch(/21 نوفمبر 2026/)
  })

  it('says a forged or expired link is not valid', async () => {
    stubStatus(() =>
      Response.json({ error: { code: 'STATUS_LINK_NOT_FOUND', message: 'gone' } }, { status: 404 }),
    )
    renderRoutes(routes, { path: `/vendors/status/${token}`, session: signedOut })
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'not valid or has expired',
    )
  })
})
