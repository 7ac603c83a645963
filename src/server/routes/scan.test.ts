import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  FakeVision,
  sentImages,
  type VisionFailure,
  visionFailures,
} from '../../../tests/support/fake-vision.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const origin = 'http://localhost:3000'
const vision = new FakeVision()
let t: TestApp

beforeAll(async () => {
  await vision.start()
  t = await createTestApp({
    PUBLIC_URL: origin,
    VISION_API_KEY: vision.apiKey,
    VISION_API_BASE: vision.url,
    VISION_MODEL: 'claude-test-model',
    VISION_TIMEOUT_MS: 300,
  })
})
afterAll(async () => {
  await t.close()
  await vision.stop()
})
beforeEach(() => vision.reset())

let ip = 0
/** Each call from its own address, so the rate limit only bites where a test wants it to. */
function scan(payload: unknown, app = t.app, remoteAddress = `10.7.0.${++ip}`) {
  return app.inject({
    method: 'POST',
    url: '/api/scan',
    payload: payload as object,
    headers: { origin },
    remoteAddress,
  })
}

/** The image the model was shown in the first request it got. */
function firstSentImage() {
  const [request] = vision.requests
  if (!request) throw new Error('The model was not called')
  return sentImages(request)[0]
}

function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#7a8a99' } })
}

describe('POST /api/scan', () => {
  it('names the equipment with the model’s confidence and the Compendium’s MET values', async () => {
    const png = await photo(400, 300).png().toBuffer()
    const response = await scan({ imageBase64: png.toString('base64') })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      equipment: { id: 'treadmill', name: 'Treadmill', met: { light: 4.8, moderate: 5.5, vigorous: 9.3 } },
      confidence: 0.92,
    })
    const [request] = vision.requests
    const content = request?.body as { model: string; messages: Array<{ content: Array<{ type: string }> }> }
    expect(content.model).toBe('claude-test-model')
    expect(content.messages[0]?.content.map((block) => block.type)).toEqual(['image', 'text'])
    // A small image keeps its size.
    const sent = firstSentImage()
    expect(sent?.mediaType).toBe('image/jpeg')
    expect(await sharp(sent?.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 })
  })

  it('sends a large photo upright, at most 1568 px long, without its metadata', async () => {
    // A 3000×2000 camera JPEG stored sideways (EXIF orientation 6) with a copyright note.
    const jpeg = await photo(3000, 2000)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Private photographer' } })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    expect((await sharp(jpeg).metadata()).orientation).toBe(6)
    expect(jpeg.includes('Private photographer')).toBe(true)
    const response = await scan({ imageBase64: jpeg.toString('base64') })
    expect(response.statusCode).toBe(200)
    const sent = firstSentImage()
    const metadata = await sharp(sent?.bytes).metadata()
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1045, height: 1568 })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    expect(sent?.bytes.includes('Private photographer')).toBe(false)
  })

  it('accepts GIF and WebP too, turning transparency white', async () => {
    const transparent = sharp({ create: { width: 50, height: 50, channels: 4, background: '#00000000' } })
    for (const bytes of [
      await transparent.clone().gif().toBuffer(),
      await transparent.clone().webp().toBuffer(),
    ]) {
      vision.reset()
      expect((await scan({ imageBase64: bytes.toString('base64') })).statusCode).toBe(200)
      const sent = firstSentImage()
      const { dominant } = await sharp(sent?.bytes).stats()
      expect(Math.min(dominant.r, dominant.g, dominant.b)).toBeGreaterThan(240)
    }
  })

  it('answers equipment null when the model recognises none', async () => {
    vision.replyText = '{"equipment": "none", "confidence": 0.8}'
    const response = await scan({ imageBase64: (await photo(64, 64).png().toBuffer()).toString('base64') })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ equipment: null, confidence: 0.8 })
  })

  it('refuses a file that is not an image, whatever it claims, without calling the model', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')
    for (const bytes of [exe, pdf, Buffer.from('just some text')]) {
      const response = await scan({ imageBase64: bytes.toString('base64') })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({
        code: 'NOT_AN_IMAGE',
        message: 'Please choose an image (JPEG, PNG, GIF or WebP).',
      })
    }
    expect(vision.requests).toHaveLength(0)
  })

  it('refuses an image of 10MB or more with the spec’s message', async () => {
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0])
    const tenMegabytes = Buffer.concat([jpegStart, Buffer.alloc(10 * 1024 * 1024 - 4)])
    const atLimit = await scan({ imageBase64: tenMegabytes.toString('base64') })
    expect(atLimit.statusCode).toBe(400)
    expect(atLimit.json().error).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'Image size must be less than 10MB.',
    })
    const eleven = Buffer.concat([jpegStart, Buffer.alloc(11 * 1024 * 1024)])
    const over = await scan({ imageBase64: eleven.toString('base64') })
    expect(over.statusCode).toBe(400)
    expect(over.json().error.message).toBe('Image size must be less than 10MB.')
    expect(vision.requests).toHaveLength(0)
  })

  it('refuses an image it cannot decode, and a body that is not plain base64', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')])
    const response = await scan({ imageBase64: broken.toString('base64') })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('IMAGE_UNREADABLE')
    const prefixed = await scan({ imageBase64: 'data:image/png;base64,iVBORw0KGgo=' })
    expect(prefixed.statusCode).toBe(400)
    expect((await scan({})).statusCode).toBe(400)
  })

  it.each(Object.keys(visionFailures) as VisionFailure[])(
    'answers 502 with the spec’s message and a code, never the provider’s words, when the API fails with %s',
    async (kind) => {
      vision.failWith = kind
      const response = await scan({ imageBase64: (await photo(32, 32).png().toBuffer()).toString('base64') })
      expect(response.statusCode).toBe(502)
      expect(response.json()).toEqual({
        error: { code: 'ANALYSIS_FAILED', message: 'Failed to analyze image. Please try again.' },
      })
      expect(response.body).not.toContain(visionFailures[kind].message)
    },
  )

  it('keeps the API’s account details to itself: no key, no organisation', async () => {
    vision.failWith = 'authentication'
    const response = await scan({ imageBase64: (await photo(32, 32).png().toBuffer()).toString('base64') })
    for (const secret of ['x-api-key', 'org ', 'daypass-demo', vision.apiKey])
      expect(response.body).not.toContain(secret)
  })

  it('answers 502 when the model is too slow or its answer is not JSON, with no details', async () => {
    const imageBase64 = (await photo(32, 32).png().toBuffer()).toString('base64')
    vision.delayMs = 1000
    const slow = await scan({ imageBase64 })
    expect(slow.statusCode).toBe(502)
    expect(slow.json().error).toEqual({
      code: 'ANALYSIS_FAILED',
      message: 'Failed to analyze image. Please try again.',
    })
    vision.reset()
    vision.replyText = 'Sorry, I cannot help with that.'
    const prose = await scan({ imageBase64 })
    expect(prose.statusCode).toBe(502)
    expect(prose.json().error).toEqual({
      code: 'ANALYSIS_FAILED',
      message: 'Failed to analyze image. Please try again.',
    })
  })

  it('allows 10 scans per address in 10 minutes', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 11; attempt++)
      statuses.push((await scan({}, t.app, '10.9.9.9')).statusCode)
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('says the scanner is automatic', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/scan/config' })
    expect(response.json()).toEqual({ automatic: true })
    const openapi = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(Object.keys(openapi.json().paths)).toEqual(
      expect.arrayContaining(['/api/scan', '/api/scan/config']),
    )
  })
})

describe('without a vision model', () => {
  let bare: TestApp
  beforeAll(async () => {
    bare = await createTestApp({ PUBLIC_URL: origin })
  })
  afterAll(() => bare.close())

  it('says so: no automatic recognition, and scans answer 503', async () => {
    expect((await bare.app.inject({ method: 'GET', url: '/api/scan/config' })).json()).toEqual({
      automatic: false,
    })
    const png = await photo(32, 32).png().toBuffer()
    const response = await scan({ imageBase64: png.toString('base64') }, bare.app)
    expect(response.statusCode).toBe(503)
    expect(response.json().error).toEqual({
      code: 'SCAN_NOT_CONFIGURED',
      message: 'Automatic equipment recognition is unavailable.',
    })
    expect(vision.requests).toHaveLength(0)
  })
})
