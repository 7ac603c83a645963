import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Invitation, InvitationList } from '../../../../shared/invitations.ts'
import { permissionsFor } from '../../../../shared/permissions.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const marina = { id: 'manama-marina-hotel', name: { en: 'Manama Marina Hotel', ar: 'فندق مرسى المنامة' } }
const pending: Invitation = {
  id: 4,
  email: 'huda@example.bh',
  venueId: marina.id,
  venueName: marina.name,
  language: 'ar',
  state: 'pending',
  sentAt: '2026-12-01T05:00:00.000Z',
  expiresAt: '2026-12-04T05:00:00.000Z',
  acceptedAt: null,
  withdrawnAt: null,
  invitedBy: 'manager@example.bh',
}

/** The API as the page sees it: `list`, and each call the page makes, recorded. */
function stubApi(list: InvitationList, answer: (url: string, init?: RequestInit) => Response | undefined) {
  const calls: { method: string; url: string; body?: unknown }[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    calls.push({ method, url, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) })
    if (url === '/api/admin/invitations' && method === 'GET') return Response.json(list)
    return (
      answer(url, init) ??
      Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
    )
  })
  return calls
}

const open = () =>
  renderRoutes(routes, {
    path: '/admin/invitations',
    session: signedInAs('manager', permissionsFor('manager')),
  })

describe('the invitations page', () => {
  it('invites an address to a venue in the chosen language, and says it was sent', async () => {
    const calls = stubApi({ invitations: [], venues: [marina] }, (url, init) =>
      url === '/api/admin/invitations' && init?.method === 'POST'
        ? Response.json({ outcome: 'invited', invitation: { ...pending, language: 'en' } }, { status: 201 })
        : undefined,
    )
    open()
    await screen.findByRole('heading', { level: 1, name: 'Invite staff' }, { timeout: 5000 })
    fireEvent.change(await screen.findByLabelText('E-mail address'), {
      target: { value: ' Huda@Example.bh ' },
    })
    fireEvent.click(screen.getByRole('radio', { name: 'English' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect((await screen.findByRole('status')).textContent).toBe('Invitation sent to huda@example.bh.')
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'huda@example.bh',
      venueId: marina.id,
      language: 'en',
    })
  })

  it('refuses a malformed address before sending anything', async () => {
    const calls = stubApi({ invitations: [], venues: [marina] }, () => undefined)
    open()
    fireEvent.change(await screen.findByLabelText('E-mail address', {}, { timeout: 5000 }), {
      target: { value: 'not an address' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address')
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
  })

  it('lists invitations with their state, and withdraws or sends one again', async () => {
    const accepted = {
      ...pending,
      id: 5,
      email: 'ali@example.bh',
      state: 'accepted' as const,
      acceptedAt: pending.sentAt,
    }
    const calls = stubApi({ invitations: [pending, accepted], venues: [marina] }, (url, init) => {
      if (url === '/api/admin/invitations/4' && init?.method === 'DELETE')
        return Response.json({ ...pending, state: 'withdrawn', withdrawnAt: pending.sentAt })
      if (url === '/api/admin/invitations/4/resend')
        return Response.json({ outcome: 'invited', invitation: { ...pending, id: 6 } }, { status: 201 })
      return undefined
    })
    open()
    const waiting = (await screen.findByText('huda@example.bh', {}, { timeout: 5000 })).closest(
      'li',
    ) as HTMLElement
    expect(within(waiting).getByText('Waiting')).toBeTruthy()
    const done = screen.getByText('ali@example.bh').closest('li') as HTMLElement
    expect(within(done).getByText('Accepted')).toBeTruthy()
    // An accepted invitation has nothing left to do.
    expect(within(done).queryByRole('button')).toBeNull()
    fireEvent.click(within(waiting).getByRole('button', { name: 'Withdraw' }))
    fireEvent.click(within(waiting).getByRole('button', { name: 'Send again' }))
    await vi.waitFor(() =>
      expect(
        calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`),
      ).toEqual(['DELETE /api/admin/invitations/4', 'POST /api/admin/invitations/4/resend']),
    )
  })

  it('tells a manager with no venue of their own how to get one', async () => {
    stubApi({ invitations: [], venues: [] }, () => undefined)
    open()
    expect(await screen.findByText(/No venue is yours/, {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull()
  })
})
