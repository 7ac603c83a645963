import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'
import { AccountPage } from './account-page.tsx'

const routes = [
  { path: '/', element: <p>home page</p> },
  { path: '/account', element: <AccountPage /> },
]

afterEach(() => vi.unstubAllGlobals())

describe('My account', () => {
  it('links to the data download and asks for the password before deleting the account', async () => {
    const calls: { url: string; body: unknown }[] = []
    const answers = [
      Response.json(
        { error: { code: 'PASSWORD_INCORRECT', message: 'That password is not correct.' } },
        { status: 400 },
      ),
      Response.json({ deleted: true }),
    ]
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url === '/api/session') return Response.json({ user: null, permissions: [] })
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
      return answers.shift() ?? Response.json({})
    })
    const { router } = renderRoutes(routes, { path: '/account', session: signedInAs('user') })

    const download = await screen.findByRole('link', { name: 'Download my data' })
    expect(download.getAttribute('href')).toBe('/api/account/export')

    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' })
    const password = dialog.querySelector('input') as HTMLInputElement
    const confirm = () => {
      const buttons = Array.from(dialog.querySelectorAll('button')).filter(
        (button) => button.textContent === 'Delete my account',
      )
      fireEvent.click(buttons[0] as HTMLButtonElement)
    }
    // Nothing is sent without a password.
    confirm()
    expect(await screen.findByText('Please enter your password')).toBeTruthy()
    expect(calls).toEqual([])

    fireEvent.change(password, { target: { value: 'wrong-one' } })
    confirm()
    expect(await screen.findByText('That password is not correct.')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/account')

    fireEvent.change(password, { target: { value: 'Pearl-diving-1932' } })
    confirm()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(calls).toEqual([
      { url: '/api/account/delete', body: { password: 'wrong-one' } },
      { url: '/api/account/delete', body: { password: 'Pearl-diving-1932' } },
    ])
  })

  it('says why when the last admin tries to delete their account', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/session') return Response.json({ user: null, permissions: [] })
      return Response.json(
        { error: { code: 'LAST_ADMIN_DELETE', message: 'You are the last active admin.' } },
        { status: 409 },
      )
    })
    const { router } = renderRoutes(routes, { path: '/account', session: signedInAs('admin') })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' })
    fireEvent.change(dialog.querySelector('input') as HTMLInputElement, {
      target: { value: 'Pearl-diving-1932' },
    })
    const [confirm] = Array.from(dialog.querySelectorAll('button')).filter(
      (button) => button.textContent === 'Delete my account',
    )
    fireEvent.click(confirm as HTMLButtonElement)
    expect(
      await screen.findByText(
        'You are the last active admin: make another admin before deleting your account.',
      ),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe('/account')
  })
})
