import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { permissionsFor } from '../../../../shared/permissions.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'

// A camera that reads one code at once: what it read is the only thing under test here.
const read = vi.hoisted(() => ({ text: '' }))
vi.mock('../camera-scanner.ts', () => ({
  cameraScanAvailable: () => true,
  scanWithCamera: async () => read.text,
}))

afterEach(() => vi.unstubAllGlobals())

function stubApi() {
  const scans: Record<string, unknown>[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    if (url === '/api/desk/venues')
      return Response.json({
        venues: [
          {
            id: 'manama-marina-hotel',
            name: { en: 'Manama Marina Hotel', ar: 'فندق مرسى المنامة' },
            checkInOpensMinutes: 30,
            checkInClosesMinutes: 60,
          },
        ],
      })
    if (url.startsWith('/api/desk/bookings?'))
      return Response.json({ venueId: 'manama-marina-hotel', date: '2026-12-01', slots: [] })
    if (url.startsWith('/api/desk/waitlist?')) return Response.json({ slots: [] })
    if (url === '/api/desk/redeem') {
      scans.push(JSON.parse(String(init?.body)))
      return Response.json({ status: 'invalid' })
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
  return scans
}

describe('the desk’s camera', () => {
  it('says the code came from the camera, so the server takes only a signed ticket from it', async () => {
    const scans = stubApi()
    read.text = 'DP-7K3M-Q9AB'
    renderRoutes(routes, { path: '/desk', session: signedInAs('staff', permissionsFor('staff')) })
    fireEvent.click(await screen.findByRole('button', { name: 'Scan with camera' }, { timeout: 5000 }))
    await waitFor(() => expect(scans).toHaveLength(1))
    expect(scans[0]).toMatchObject({ text: 'DP-7K3M-Q9AB', entry: 'camera' })
    expect((await screen.findByRole('alert')).textContent).toContain('Not a valid ticket')
  })
})
