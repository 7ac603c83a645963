import { QueryClient } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { VenuePhoto } from '../../../../shared/venue-photos.ts'
import { AppShell } from '../../../app/app-shell.tsx'
import '../../../testing/render.tsx'
import { PhotosSection } from './photos-section.tsx'

afterEach(() => vi.unstubAllGlobals())

const photo = (photoId: string, position: number, altEn = ''): VenuePhoto => ({
  key: `barrys-fitness/${photoId}`,
  photoId,
  position,
  cover: position === 0,
  uploaded: photoId.startsWith('p-'),
  altEn,
  altAr: '',
})

interface Call {
  method: string
  url: string
  body: unknown
  contentType?: string
}

/** The photos API in memory: the list, and what each change sent. */
function stubApi(photos: VenuePhoto[]) {
  const calls: Call[] = []
  let list = photos
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    const headers = (init.headers ?? {}) as Record<string, string>
    calls.push({ method, url: input, body: init.body, contentType: headers['content-type'] })
    if (method === 'PUT') {
      const { keys } = JSON.parse(String(init.body)) as { keys: string[] }
      list = keys.map((key, position) => ({
        ...(list.find((p) => p.key === key) as VenuePhoto),
        position,
        cover: position === 0,
      }))
      return Response.json({ photos: list })
    }
    if (method === 'DELETE') {
      list = list
        .filter((p) => !input.endsWith(`/${p.photoId}`))
        .map((p, position) => ({ ...p, position, cover: position === 0 }))
      return Response.json({ photos: list })
    }
    if (method === 'POST') {
      const added = photo('p-0123456789ab', list.length)
      list = [...list, added]
      return Response.json(added, { status: 201 })
    }
    if (method === 'PATCH') return Response.json({ ...list[0], ...JSON.parse(String(init.body)) })
    return Response.json({ photos: list })
  })
  return calls
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <AppShell i18n={i18next} queryClient={queryClient}>
      <PhotosSection venueId="barrys-fitness" />
    </AppShell>,
  )
}

const items = async () => within(await screen.findByRole('list')).findAllByRole('listitem')

describe('PhotosSection', () => {
  it('shows each photo in order with the first as the cover, and makes another the cover', async () => {
    const calls = stubApi([photo('cover', 0, 'The lobby'), photo('gym', 1), photo('pool', 2)])
    renderSection()
    const [first, , third] = await items()
    expect(within(first as HTMLElement).getByText('Cover')).toBeTruthy()
    expect(
      within(first as HTMLElement)
        .getByRole('img')
        .getAttribute('alt'),
    ).toBe('The lobby')
    expect(within(first as HTMLElement).queryByRole('button', { name: /Make cover/ })).toBeNull()
    fireEvent.click(within(third as HTMLElement).getByRole('button', { name: 'Make cover (photo 3)' }))
    expect(await screen.findByText('Order saved. Photo 3 is now photo 1.')).toBeTruthy()
    const put = calls.find((call) => call.method === 'PUT')
    expect(put?.url).toBe('/api/admin/venues/barrys-fitness/photos/order')
    expect(JSON.parse(String(put?.body))).toEqual({
      keys: ['barrys-fitness/pool', 'barrys-fitness/cover', 'barrys-fitness/gym'],
    })
    const headings = (await items()).map((item) => within(item).getByRole('heading').textContent)
    expect(headings).toEqual(['Photo 1', 'Photo 2', 'Photo 3'])
  })

  it('uploads the file itself as the body, and refuses one over 15 MB before sending it', async () => {
    const calls = stubApi([photo('cover', 0)])
    const { container } = renderSection()
    await items()
    const input = container.querySelector('input[type=file]') as HTMLInputElement
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' })
    Object.defineProperty(big, 'size', { value: 16 * 1024 * 1024 })
    const small = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pool.png', { type: 'image/png' })
    fireEvent.change(input, { target: { files: [big, small] } })
    expect(await screen.findByText('Photo added.')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('huge.jpg: The photo must be smaller than 15 MB.')
    const posts = calls.filter((call) => call.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(posts[0]).toMatchObject({
      url: '/api/admin/venues/barrys-fitness/photos',
      contentType: 'image/png',
    })
    expect(posts[0]?.body).toBe(small)
  })

  it('deletes a photo only once the dialog is confirmed', async () => {
    const calls = stubApi([photo('cover', 0), photo('p-00000000abcd', 1)])
    renderSection()
    const [, second] = await items()
    fireEvent.click(within(second as HTMLElement).getByRole('button', { name: 'Delete (photo 2)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false)
    fireEvent.click(within(second as HTMLElement).getByRole('button', { name: 'Delete (photo 2)' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete photo' }))
    expect(await screen.findByText('Photo deleted.')).toBeTruthy()
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(
      '/api/admin/venues/barrys-fitness/photos/p-00000000abcd',
    )
    expect(await items()).toHaveLength(1)
  })

  it('checks the descriptions with the shared schema before saving them', async () => {
    const calls = stubApi([photo('cover', 0)])
    renderSection()
    const [first] = await items()
    const english = within(first as HTMLElement).getByLabelText('Description in English')
    fireEvent.change(english, { target: { value: 'a'.repeat(201) } })
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Save descriptions (photo 1)' }))
    expect(
      await within(first as HTMLElement).findByText('The description can be at most 200 characters.'),
    ).toBeTruthy()
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false)
    fireEvent.change(english, { target: { value: 'The lobby' } })
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Save descriptions (photo 1)' }))
    expect(await within(first as HTMLElement).findByText('Descriptions saved.')).toBeTruthy()
    expect(JSON.parse(String(calls.find((call) => call.method === 'PATCH')?.body))).toEqual({
      altEn: 'The lobby',
      altAr: '',
    })
  })

  it('reads in Arabic, with the Arabic description written right to left', async () => {
    stubApi([photo('cover', 0)])
    await i18next.changeLanguage('ar')
    try {
      renderSection()
      expect(await screen.findByRole('heading', { level: 2, name: 'الصور' })).toBeTruthy()
      const [first] = await items()
      expect(within(first as HTMLElement).getByText('الغلاف')).toBeTruthy()
      const arabic = within(first as HTMLElement).getByLabelText('الوصف بالعربية')
      expect(arabic.getAttribute('dir')).toBe('rtl')
      expect(within(first as HTMLElement).getByRole('button', { name: 'حذف (الصورة 1)' })).toBeTruthy()
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})
