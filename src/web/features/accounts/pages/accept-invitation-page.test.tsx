import { act, fireEvent, screen } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { permissionsFor } from '../../../../shared/permissions.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs, signedOut } from '../../../testing/render.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  await act(() => i18next.changeLanguage('en'))
})

const token = `12.${'a'.repeat(43)}`
const invitation = {
  email: 'huda@example.bh',
  venueName: { en: 'Manama Marina Hotel', ar: 'فندق مرسى المنامة' },
  language: 'en',
  expiresAt: '2026-12-04T05:00:00.000Z',
  hasAccount: false,
}

/** The invitation API; once an acceptance has signed the invitee in, the session is theirs, as staff. */
function stubApi(
  accept: (body: unknown) => Response,
  open: () => Response = () => Response.json(invitation),
) {
  let session = signedOut
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    if (url === `/api/invitations/${token}`) return open()
    if (url === `/api/invitations/${token}/accept` || url === `/api/invitations/${token}/agree`) {
      const answer = accept(JSON.parse(String(init?.body)))
      if ((await answer.clone().json()).signedIn) session = signedInAs('staff', permissionsFor('staff'))
      return answer
    }
    if (url === '/api/session') return Response.json(session)
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('accepting an invitation', () => {
  it('shows the venue and address, and lands on that venue’s desk once the account is made', async () => {
    const sent: unknown[] = []
    stubApi((body) => {
      sent.push(body)
      return Response.json({ venueId: 'manama-marina-hotel', signedIn: true })
    })
    const { router } = renderRoutes(routes, { path: `/invitation/${token}`, session: signedOut })
    await screen.findByRole('heading', { name: 'Join the team at Manama Marina Hotel' }, { timeout: 5000 })
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('huda@example.bh')
    fill('Your name', 'Huda Ali')
    fill('Password', 'a long passphrase 1')
    fill('Confirm password', 'a long passphrase 1')
    fireEvent.click(screen.getByRole('button', { name: 'Create my account and open the desk' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/desk'))
    expect(router.state.location.search).toBe('?venue=manama-marina-hotel')
    expect(sent).toEqual([{ name: 'Huda Ali', password: 'a long passphrase 1' }])
  })

  it('checks the form before sending: a name, a good password typed twice alike', async () => {
    const sent: unknown[] = []
    stubApi((body) => {
      sent.push(body)
      return Response.json({ venueId: 'x', signedIn: true })
    })
    renderRoutes(routes, { path: `/invitation/${token}`, session: signedOut })
    await screen.findByRole('heading', { name: /Join the team/ }, { timeout: 5000 })
    fill('Password', 'a long passphrase 1')
    fill('Confirm password', 'a long passphrase 2')
    fireEvent.click(screen.getByRole('button', { name: 'Create my account and open the desk' }))
    const alerts = (await screen.findAllByRole('alert')).map((alert) => alert.textContent)
    expect(alerts).toContain('Passwords do not match')
    expect(sent).toEqual([])
  })

  it('says a used, withdrawn or expired invitation cannot be used, in Arabic too', async () => {
    stubApi(
      () => Response.json({}),
      () => Response.json({ error: { code: 'INVITATION_NOT_FOUND', message: 'gone' } }, { status: 404 }),
    )
    await act(() => i18next.changeLanguage('ar'))
    renderRoutes(routes, { path: `/invitation/${token}`, session: signedOut })
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'لا يمكن استخدام هذه الدعوة',
    )
  })

  it('asks the owner of an activated account to sign in, then to agree, and opens the venue’s desk', async () => {
    const owner = { ...invitation, email: 'sara@example.bh', hasAccount: true }
    const sent: unknown[] = []
    stubApi(
      (body) => {
        sent.push(body)
        return Response.json({ venueId: 'manama-marina-hotel', signedIn: true })
      },
      () => Response.json(owner),
    )
    const signedOutView = renderRoutes(routes, { path: `/invitation/${token}`, session: signedOut })
    expect(
      (await screen.findByText(/Sign in as sara@example.bh to agree/, {}, { timeout: 5000 })).textContent,
    ).toBeTruthy()
    expect(screen.queryByLabelText('Password')).toBeNull()
    signedOutView.unmount()

    const { router } = renderRoutes(routes, {
      path: `/invitation/${token}`,
      session: signedInAs('user'),
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Agree and open the desk' }, { timeout: 5000 }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/desk'))
    expect(sent).toEqual([{}])
  })
})
