import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { equipmentList, kcalPerMinute } from '../../../../shared/scan.ts'
import enScan from '../../../locales/en/scan.json'
import { renderRoutes, signedOut } from '../../../testing/render.tsx'
import { ScanPage } from './scan-page.tsx'

// The page on its own, so that work elsewhere in the route table cannot break these tests.
const routes = [{ path: '/scan', element: <ScanPage /> }]

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
const treadmill = {
  equipment: { id: 'treadmill', name: 'Treadmill', met: { light: 4.8, moderate: 5.5, vigorous: 9.3 } },
  confidence: 0.92,
}

/** A fetch for the scan API: the config says whether a model is set up; scans get `scanReply`. */
function stubScanApi({ automatic = true, scanReply = () => Response.json(treadmill) } = {}) {
  const scans: Array<{ imageBase64: string }> = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    if (url === '/api/scan/config') return Response.json({ automatic })
    if (url === '/api/scan') {
      scans.push(JSON.parse(String(init?.body)))
      return scanReply()
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
  return scans
}

async function renderPage() {
  renderRoutes(routes, { path: '/scan', session: signedOut })
  await screen.findByRole('heading', { level: 1, name: 'Equipment Scanner' })
}

function fileInput() {
  return screen.getByLabelText(/Choose (an|another) image/) as HTMLInputElement
}

function choose(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } })
}

function photo(name = 'treadmill.png', type = 'image/png') {
  return new File([pngBytes], name, { type })
}

/** The calorie table's row for an effort, as its cells' text. */
function row(effort: 'light' | 'moderate' | 'vigorous') {
  const cells = document.querySelector(`tr[data-effort="${effort}"]`)?.querySelectorAll('td')
  return [...(cells ?? [])].map((cell) => cell.textContent)
}

function expected(met: number, kg: number, minutes: number) {
  const rate = kcalPerMinute(met, kg)
  return [met.toFixed(1), (Math.round(rate * 10) / 10).toFixed(1), String(Math.round(rate * minutes))]
}

describe('the scan page', () => {
  it('shows the placeholder until there is a result, with Analyze off until a photo is chosen', async () => {
    stubScanApi()
    await renderPage()
    expect(await screen.findByText('Upload an image and analyze to see results.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Analyze Equipment' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    expect(screen.getByText('Your photo is only used for this analysis. It is not stored.')).toBeTruthy()
  })

  it('refuses a file that is not an image, dropped or chosen', async () => {
    stubScanApi()
    await renderPage()
    await screen.findByLabelText(/Choose an image/)
    const dropZone = fileInput().closest('label') as HTMLLabelElement
    fireEvent.drop(dropZone, { dataTransfer: { files: [new File(['MZ'], 'setup.exe', { type: '' })] } })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please choose an image (JPEG, PNG, GIF or WebP).',
    )
    expect(fileInput().getAttribute('aria-invalid')).toBe('true')

    choose(photo())
    await screen.findByRole('img', { name: 'The photo to analyze' })
    expect(screen.queryByRole('alert')).toBeNull()

    choose(new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please choose an image (JPEG, PNG, GIF or WebP).',
    )
    // An invalid file also clears the previous one, so it cannot be sent by mistake.
    expect(screen.queryByRole('img', { name: 'The photo to analyze' })).toBeNull()
    expect((screen.getByRole('button', { name: 'Analyze Equipment' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
  })

  it('refuses an image of 10MB or more', async () => {
    stubScanApi()
    await renderPage()
    await screen.findByLabelText(/Choose an image/)
    const big = photo('big.jpg', 'image/jpeg')
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 })
    choose(big)
    expect((await screen.findByRole('alert')).textContent).toBe('Image size must be less than 10MB.')
    expect(screen.queryByRole('img', { name: 'The photo to analyze' })).toBeNull()
  })

  it('analyzes a dropped photo and shows the equipment, confidence and the formula’s calories', async () => {
    const scans = stubScanApi()
    await renderPage()
    await screen.findByLabelText(/Choose an image/)
    const dropZone = fileInput().closest('label') as HTMLLabelElement
    fireEvent.drop(dropZone, { dataTransfer: { files: [photo()] } })
    await screen.findByRole('img', { name: 'The photo to analyze' })
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Equipment' }))

    expect(await screen.findByText('Treadmill')).toBeTruthy()
    expect(screen.getByText('Confidence: 92%')).toBeTruthy()
    expect(scans).toEqual([{ imageBase64: btoa(String.fromCharCode(...pngBytes)) }])
    expect(row('light')).toEqual(expected(4.8, 70, 30))
    expect(row('moderate')).toEqual(expected(5.5, 70, 30))
    expect(row('vigorous')).toEqual(['9.3', '11.4', '342'])
    expect(screen.getByText('About 176 to 342 kcal in 30 minutes at 70 kg.')).toBeTruthy()
    expect(screen.getByText(/MET × 3.5 × body weight \(kg\) ÷ 200/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '2024 Adult Compendium of Physical Activities' })).toBeTruthy()
  })

  it('recomputes as weight and minutes change, and explains values out of range', async () => {
    stubScanApi()
    await renderPage()
    await screen.findByLabelText(/Choose an image/)
    choose(photo())
    await screen.findByRole('img', { name: 'The photo to analyze' })
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Equipment' }))
    await screen.findByText('Treadmill')

    const weight = screen.getByLabelText('Your weight (kg)')
    const minutes = screen.getByLabelText('Minutes')
    fireEvent.change(weight, { target: { value: '80' } })
    expect(row('vigorous')).toEqual(expected(9.3, 80, 30))
    fireEvent.change(minutes, { target: { value: '45' } })
    expect(row('vigorous')).toEqual(['9.3', '13.0', '586'])
    expect(screen.getByRole('columnheader', { name: 'kcal in 45 min' })).toBeTruthy()
    // Arabic-Indic digits count as numbers.
    fireEvent.change(weight, { target: { value: '٦٠' } })
    expect(row('light')).toEqual(expected(4.8, 60, 45))

    fireEvent.change(weight, { target: { value: '20' } })
    expect(screen.getByRole('alert').textContent).toBe('Enter a weight between 30 and 250 kg.')
    expect(weight.getAttribute('aria-invalid')).toBe('true')
    expect(row('vigorous')).toEqual(['9.3', '–', '–'])
    fireEvent.change(weight, { target: { value: '70' } })
    fireEvent.change(minutes, { target: { value: '0' } })
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number of minutes between 1 and 300.')
  })

  it('says the analysis failed, with the spec’s message, or the short fallback', async () => {
    let reply = () =>
      Response.json(
        {
          error: {
            code: 'ANALYSIS_FAILED',
            message: 'Failed to analyze image. Please try again.',
            details: 'Overloaded',
          },
        },
        { status: 502 },
      )
    stubScanApi({ scanReply: () => reply() })
    await renderPage()
    await screen.findByLabelText(/Choose an image/)
    choose(photo())
    await screen.findByRole('img', { name: 'The photo to analyze' })
    const analyze = screen.getByRole('button', { name: 'Analyze Equipment' })
    fireEvent.click(analyze)
    // Whatever an older server might still send as details is not shown.
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to analyze image. Please try again.')
    expect(screen.getByText('Upload an image and analyze to see results.')).toBeTruthy()

    reply = () => new Response('gateway down', { status: 504 })
    fireEvent.click(analyze)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to analyze image.'))
    // The photo stays, so the visitor can simply try again.
    expect(screen.getByRole('img', { name: 'The photo to analyze' })).toBeTruthy()
  })

  it('offers the picker when the model sees no equipment', async () => {
    stubScanApi({ scanReply: () => Response.json({ equipment: null, confidence: 0.8 }) })
    await renderPage()
    await screen.findByLabelText(/Choose an image/)
    choose(photo())
    await screen.findByRole('img', { name: 'The photo to analyze' })
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Equipment' }))
    expect(await screen.findByText(/No gym equipment was recognized in this photo/)).toBeTruthy()
    const picker = screen.getByRole('group', { name: 'Choose the equipment yourself' })
    fireEvent.click(within(picker).getByRole('radio', { name: 'Jump rope' }))
    expect(row('vigorous')).toEqual(expected(12.3, 70, 30))
  })

  it('removes the photo and its result, and returns focus to the file button', async () => {
    stubScanApi()
    await renderPage()
    await screen.findByLabelText(/Choose an image/)
    choose(photo())
    await screen.findByRole('img', { name: 'The photo to analyze' })
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Equipment' }))
    await screen.findByText('Treadmill')
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }))
    expect(screen.queryByRole('img', { name: 'The photo to analyze' })).toBeNull()
    expect(screen.getByText('Upload an image and analyze to see results.')).toBeTruthy()
    expect(document.activeElement).toBe(fileInput())
  })

  it('without a model, keeps the spec’s screen, and analysing says so and offers the picker beside the photo', async () => {
    const scans = stubScanApi({ automatic: false })
    await renderPage()
    // The spec's screen, as with a model.
    await screen.findByLabelText(/Choose an image/)
    const analyze = screen.getByRole('button', { name: 'Analyze Equipment' }) as HTMLButtonElement
    expect(analyze.disabled).toBe(true)
    expect(screen.getByText('Upload an image and analyze to see results.')).toBeTruthy()
    expect(screen.queryByText(/server/)).toBeNull()
    expect(screen.queryByRole('radio')).toBeNull()

    choose(photo())
    await screen.findByRole('img', { name: 'The photo to analyze' })
    fireEvent.click(analyze)
    expect(await screen.findByText(/Automatic recognition is unavailable/)).toBeTruthy()
    expect(screen.getByRole('img', { name: 'The photo to analyze' })).toBeTruthy()
    const picker = screen.getByRole('group', { name: 'Choose the equipment yourself' })
    expect(within(picker).getAllByRole('radio')).toHaveLength(10)
    fireEvent.click(within(picker).getByRole('radio', { name: 'Rowing machine' }))
    expect(row('moderate')).toEqual(expected(7.5, 70, 30))
    expect(row('moderate')[2]).toBe('276')
    expect(screen.queryByText(/Confidence/)).toBeNull()
    expect(scans).toHaveLength(0)
  })

  it('treats the server’s “no model” answer the same way, never showing its wording', async () => {
    stubScanApi({
      scanReply: () =>
        Response.json(
          {
            error: {
              code: 'SCAN_NOT_CONFIGURED',
              message: 'Automatic equipment recognition is unavailable.',
            },
          },
          { status: 503 },
        ),
    })
    await renderPage()
    await screen.findByLabelText(/Choose an image/)
    choose(photo())
    await screen.findByRole('img', { name: 'The photo to analyze' })
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Equipment' }))
    expect(await screen.findByText(/Automatic recognition is unavailable/)).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('group', { name: 'Choose the equipment yourself' })).toBeTruthy()
  })

  it('speaks Arabic, equipment names included', async () => {
    stubScanApi({ automatic: false })
    await i18next.changeLanguage('ar')
    renderRoutes(routes, { path: '/scan', session: signedOut })
    await screen.findByRole('heading', { level: 1, name: 'ماسح الأجهزة الرياضية' })
    expect(await screen.findByText(i18next.t('scan:results.placeholder', { lng: 'ar' }))).toBeTruthy()
    await screen.findByRole('button', { name: i18next.t('scan:upload.analyze', { lng: 'ar' }) })
    fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [photo()] },
    })
    await screen.findByRole('img', { name: i18next.t('scan:upload.previewAlt', { lng: 'ar' }) })
    fireEvent.click(screen.getByRole('button', { name: i18next.t('scan:upload.analyze', { lng: 'ar' }) }))
    expect(await screen.findByText(/التعرّف التلقائي غير متاح/)).toBeTruthy()
    fireEvent.click(await screen.findByRole('radio', { name: 'جهاز التجديف' }))
    expect(screen.getByText('التجديف بقدرة 100–149 واط')).toBeTruthy()
  })
})

describe('the English catalog', () => {
  it('uses the shared equipment names and effort meanings word for word', () => {
    for (const item of equipmentList) {
      expect(enScan.equipment[item.id]).toEqual({ name: item.name, ...item.effortMeaning })
    }
  })
})
