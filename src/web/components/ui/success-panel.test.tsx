import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ForgotPasswordPage } from '../../features/accounts/pages/forgot-password-page.tsx'
import { renderRoutes, signedOut } from '../../testing/render.tsx'
import { SuccessPanel } from './success-panel.tsx'

// jsdom lays nothing out and has no scrollIntoView: record who asks to be scrolled to.
const scrolled = vi.fn()
beforeEach(() => {
  scrolled.mockClear()
  HTMLElement.prototype.scrollIntoView = function (this: HTMLElement, options?: unknown) {
    scrolled(this, options)
  }
})
afterEach(() => {
  // biome-ignore lint/suspicious/noExplicitAny: removes the stand-in again.
  delete (HTMLElement.prototype as any).scrollIntoView
  vi.unstubAllGlobals()
})

describe('a success message', () => {
  it('is scrolled into view and its heading takes the focus', async () => {
    renderRoutes([{ path: '/', element: <SuccessPanel title="All done">Details</SuccessPanel> }])
    const heading = await screen.findByRole('heading', { name: 'All done' })
    expect(document.activeElement).toBe(heading)
    expect(scrolled).toHaveBeenCalledWith(
      heading.closest('section'),
      expect.objectContaining({ block: 'start' }),
    )
  })

  it('after a form succeeds (forgot password) is in view and focused', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ status: true }))
    renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], {
      path: '/forgot-password',
      session: signedOut,
    })
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'layla@example.bh' },
    })
    fireEvent.submit(screen.getByRole('textbox', { name: 'Email' }).closest('form') as HTMLFormElement)
    const heading = await screen.findByRole('heading', { name: 'Check Your Email' })
    expect(document.activeElement).toBe(heading)
    expect(scrolled).toHaveBeenCalledWith(heading.closest('section'), expect.anything())
  })
})
