import { fireEvent, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../../testing/render.tsx'
import { NewsletterForm } from './newsletter-form.tsx'

afterEach(() => vi.unstubAllGlobals())

async function renderForm() {
  render(
    <Suspense>
      <NewsletterForm />
    </Suspense>,
  )
  const input = await screen.findByLabelText('Email address')
  const button = screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement
  return { input: input as HTMLInputElement, button }
}

describe('the newsletter form', () => {
  it('checks the address as it is typed and keeps Subscribe disabled while it is wrong', async () => {
    const { input, button } = await renderForm()
    fireEvent.change(input, { target: { value: 'layla@' } })
    // The check loads with the first change (it is not part of the home page's first download).
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address')
    expect(button.disabled).toBe(true)
    fireEvent.change(input, { target: { value: '' } })
    expect(screen.getByRole('alert').textContent).toBe('Email is required')
    fireEvent.change(input, { target: { value: 'layla@example.bh' } })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(button.disabled).toBe(false)
  })

  it('sends nothing for a wrong address submitted at once, and says why', async () => {
    const fetch = vi.fn(async () => Response.json({ subscribed: true }, { status: 201 }))
    vi.stubGlobal('fetch', fetch)
    const { input, button } = await renderForm()
    fireEvent.change(input, { target: { value: 'layla@' } })
    fireEvent.click(button)
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('thanks the visitor after the server accepts the address', async () => {
    const fetch = vi.fn(async () => Response.json({ subscribed: true }, { status: 201 }))
    vi.stubGlobal('fetch', fetch)
    const { input, button } = await renderForm()
    fireEvent.change(input, { target: { value: 'layla@example.bh' } })
    fireEvent.click(button)
    expect(await screen.findByText('Thank you for subscribing!')).toBeTruthy()
    // The thanks replaces the form in view and takes the focus.
    expect(document.activeElement).toBe(screen.getByRole('status'))
    expect(screen.getByText("You'll be the first to know about new gyms and exclusive offers.")).toBeTruthy()
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/newsletter')
    expect(JSON.parse(String(init.body))).toMatchObject({ email: 'layla@example.bh', language: 'en' })
  })

  it('says an address is already subscribed, and keeps what was typed', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: { code: 'ALREADY_SUBSCRIBED', message: 'This email is already subscribed' } },
        { status: 409 },
      ),
    )
    const { input, button } = await renderForm()
    fireEvent.change(input, { target: { value: 'layla@example.bh' } })
    fireEvent.click(button)
    expect((await screen.findByRole('alert')).textContent).toBe('This email is already subscribed')
    expect(input.value).toBe('layla@example.bh')
  })

  it('gives the spec’s message for any other failure', async () => {
    vi.stubGlobal('fetch', async () => new Response('upstream down', { status: 502 }))
    const { input, button } = await renderForm()
    fireEvent.change(input, { target: { value: 'layla@example.bh' } })
    fireEvent.click(button)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to subscribe. Please try again later.',
    )
    expect(input.value).toBe('layla@example.bh')
  })
})
