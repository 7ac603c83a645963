import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReviewInvite } from '../../../../shared/reviews.ts'
import { renderRoutes, signedOut } from '../../../testing/render.tsx'
import { apiError, stubApi } from '../../checkout/test-fixtures.ts'
import { ReviewPage } from './review-page.tsx'

const token = `12.${'b'.repeat(43)}`
const invite: ReviewInvite = {
  token,
  gymId: 'vida-beach',
  venueName: { en: 'Vida Beach Hotel', ar: 'فندق فيدا بيتش' },
  passName: { en: 'Beach Pass', ar: 'تذكرة الشاطئ' },
  visitDate: '2026-12-01',
  forAccount: false,
  review: null,
}

function open(handlers: Record<string, (init: RequestInit) => Response>) {
  const api = stubApi({ 'GET /api/session': () => Response.json(signedOut), ...handlers })
  renderRoutes([{ path: '/reviews/:token', element: <ReviewPage /> }], {
    path: `/reviews/${token}`,
    session: signedOut,
  })
  return api
}

beforeEach(async () => {
  await i18next.changeLanguage('en')
  await i18next.loadNamespaces(['reviews', 'errors'])
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the review page', () => {
  it('asks for the stars first, then sends them with the text and shows the review sent', async () => {
    const api = open({
      [`GET /api/reviews/${token}`]: () => Response.json(invite),
      [`POST /api/reviews/${token}`]: (init) =>
        Response.json(
          {
            ...invite,
            review: { ...JSON.parse(String(init.body)), createdAt: '2026-12-01T12:00:00Z', hidden: false },
          },
          { status: 201 },
        ),
    })
    await screen.findByText('Beach Pass at Vida Beach Hotel, 01/12/2026')
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }))
    expect(await screen.findByText('Choose from 1 to 5 stars.')).toBeTruthy()
    expect(api.to('POST', `/api/reviews/${token}`)).toHaveLength(0)

    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }))
    await waitFor(() => expect(screen.queryByText('Choose from 1 to 5 stars.')).toBeNull())
    fireEvent.change(screen.getByRole('textbox', { name: 'Your review (optional)' }), {
      target: { value: ' Clean and calm ' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }))
    await screen.findByRole('heading', { name: 'Thank you for your review' })
    expect(api.to('POST', `/api/reviews/${token}`)[0]?.body).toEqual({ stars: 4, text: 'Clean and calm' })
    expect(screen.getByText('Clean and calm')).toBeTruthy()
  })

  it('says when the link has expired, and when it names nothing', async () => {
    open({ [`GET /api/reviews/${token}`]: () => apiError(410, 'REVIEW_LINK_EXPIRED', 'expired') })
    await screen.findByRole('heading', { name: 'This review link has expired' })
    cleanup()
    vi.unstubAllGlobals()
    open({ [`GET /api/reviews/${token}`]: () => apiError(404, 'REVIEW_NOT_FOUND', 'not found') })
    await screen.findByRole('heading', { name: 'This review link does not work' })
  })

  it("asks an account's visitor to sign in, and says why the server refused", async () => {
    open({
      [`GET /api/reviews/${token}`]: () => Response.json({ ...invite, forAccount: true }),
      [`POST /api/reviews/${token}`]: () => apiError(403, 'REVIEW_NOT_YOURS', 'not yours'),
    })
    await screen.findByText('This visit was booked with an account: sign in to review it.')
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }))
    expect(
      await screen.findByText(
        'This visit belongs to another account. Sign in with the account that booked it.',
      ),
    ).toBeTruthy()
  })
})
