import { describe, expect, it } from 'vitest'
import { languages } from './i18n.ts'
import { pageHeading, pageMeta } from './page-meta.ts'
import { matchPage, pageKeys, pagePath, pageRequests, venueIdFromPath } from './route-manifest.ts'

describe('the route manifest', () => {
  it('has every route of the spec', () => {
    const spec = {
      '/': 'home',
      '/gyms': 'gyms',
      '/scan': 'scan',
      '/vendors': 'vendors',
      '/register': 'register',
      '/login': 'login',
      '/forgot-password': 'forgotPassword',
      '/about': 'about',
      '/terms': 'terms',
      '/faq': 'faq',
      '/contact': 'contact',
      '/cart': 'cart',
      '/bookings': 'bookings',
      '/checkout': 'checkout',
      '/review-booking': 'reviewBooking',
      '/unauthorized': 'unauthorized',
    }
    for (const [path, page] of Object.entries(spec)) expect(matchPage(path).page, path).toBe(page)
  })

  it('matches venue pages with their id, ignores a trailing slash and knows unknown paths', () => {
    expect(matchPage('/gyms/vida-beach-hotel')).toEqual({ page: 'gym', params: { id: 'vida-beach-hotel' } })
    expect(venueIdFromPath('/gyms/vida-beach-hotel/')).toBe('vida-beach-hotel')
    expect(matchPage('/faq/').page).toBe('faq')
    expect(matchPage('/nope').page).toBe('notFound')
    expect(matchPage('/gyms/Not_A_Slug').page).toBe('notFound')
  })

  it('makes each page’s path from its parameters, and back', () => {
    for (const key of pageKeys) {
      if (key === 'notFound') continue
      // A guest link names a booking's version too; a status link, an invitation, a waiting list
      // request or a review link only its row.
      const token = ['applicationStatus', 'acceptInvitation', 'waitlist', 'review'].includes(key)
        ? `12.${'a'.repeat(43)}`
        : `12.1.${'a'.repeat(43)}`
      const orderId = '5b0e7c1e-6f3a-4d8e-9a51-0c6a2f1d9e11'
      const chargeId = 'chg_TS0123abc'
      const path = pagePath(key, { id: 'some-venue', token, userId: 'Ab3_x-Z', orderId, chargeId })
      expect(matchPage(path).page, key).toBe(key)
    }
  })

  it('takes a param by its own pattern where the page sets one, and nothing else', () => {
    const token = `12.1.${'A_b-'.repeat(10)}xyz`
    expect(matchPage(`/booking/${token}`)).toEqual({ page: 'manageBooking', params: { token } })
    expect(matchPage('/booking/some-slug').page).toBe('notFound')
    expect(matchPage(`/booking/${token}.extra`).page).toBe('notFound')
    // A read-only view link is the same page; no other mark is.
    const view = `12.2.v.${'A_b-'.repeat(10)}xyz`
    expect(matchPage(`/booking/${view}`)).toEqual({ page: 'manageBooking', params: { token: view } })
    expect(matchPage(`/booking/12.2.m.${'A_b-'.repeat(10)}xyz`).page).toBe('notFound')
    // A status link and an invitation: an id and its signature, nothing else.
    const signed = `12.${'A_b-'.repeat(10)}xyz`
    expect(matchPage(`/vendors/status/${signed}`)).toEqual({
      page: 'applicationStatus',
      params: { token: signed },
    })
    expect(matchPage(`/invitation/${signed}`)).toEqual({
      page: 'acceptInvitation',
      params: { token: signed },
    })
    expect(matchPage(`/invitation/${token}`).page).toBe('notFound')
    expect(matchPage(`/waitlist/${signed}`)).toEqual({ page: 'waitlist', params: { token: signed } })
    expect(matchPage(`/waitlist/${token}`).page).toBe('notFound')
    expect(matchPage(`/reviews/${signed}`)).toEqual({ page: 'review', params: { token: signed } })
    expect(matchPage(`/reviews/${token}`).page).toBe('notFound')
  })

  it('names the data of the pages that open with it', () => {
    expect(pageRequests(new URL('http://x/gyms?search=%20spa%20')).map((r) => r.path)).toEqual([
      '/api/gyms?search=spa',
    ])
    // A venue's page opens with its reviews too.
    expect(pageRequests(new URL('http://x/gyms/vida')).map((r) => r.path)).toEqual([
      '/api/gyms/vida',
      '/api/gyms/vida/reviews',
    ])
    expect(pageRequests(new URL('http://x/about'))).toEqual([])
  })

  it('has a title and description for every page in every language', () => {
    for (const key of pageKeys) {
      for (const language of languages) {
        const meta = pageMeta(key, language)
        expect(meta.title.length, `${key} ${language}`).toBeGreaterThan(3)
        expect(meta.description.length, `${key} ${language}`).toBeGreaterThan(10)
        expect(meta.title).toContain(pageHeading(key, language))
      }
    }
  })
})
