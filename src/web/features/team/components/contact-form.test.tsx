import { fireEvent, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '../../../testing/render.tsx'
import { ContactForm } from './contact-form.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

describe('the team’s contact settings', () => {
  it('shows the server’s refusal of an emptied address under its field, in Arabic', async () => {
    await i18next.changeLanguage('ar')
    await i18next.loadNamespaces(['team', 'errors'])
    const sent: unknown[] = []
    vi.stubGlobal('fetch', async (_input: string | URL | Request, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)))
        return Response.json(
          { error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { email: 'EMAIL_REQUIRED' } } },
          { status: 400 },
        )
      }
      return Response.json({ email: 'hello@daypass.bh', phone: '+97317000000' })
    })
    renderRoutes([{ path: '/', element: <ContactForm /> }])
    const email = await screen.findByLabelText(i18next.t('team:settings.email'), { exact: false })
    fireEvent.change(email, { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: i18next.t('team:save') }))
    // Sent to the server (no browser bubble in its own language), and its answer under the field.
    await waitFor(() => expect(sent).toHaveLength(1))
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
    const description = (email.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
    expect(description).toContain('البريد الإلكتروني مطلوب')
  })
})
