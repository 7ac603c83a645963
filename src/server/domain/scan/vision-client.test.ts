import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FakeVision, type VisionFailure, visionFailures } from '../../../../tests/support/fake-vision.ts'
import { createVisionClient, instructions, type VisionClientOptions, VisionError } from './vision-client.ts'

const vision = new FakeVision('sk-ant-test-key')
beforeAll(() => vision.start())
afterAll(() => vision.stop())
beforeEach(() => vision.reset())

function client(overrides: Partial<VisionClientOptions> = {}) {
  return createVisionClient({
    apiKey: vision.apiKey,
    apiBase: vision.url,
    model: 'claude-test-model',
    timeoutMs: 5000,
    ...overrides,
  })
}

const image = { mediaType: 'image/png' as const, base64: 'iVBORw0KGgo=' }

async function visionError(promise: Promise<unknown>): Promise<VisionError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(VisionError)
  return error as VisionError
}

describe('the request', () => {
  it('follows the Messages API: headers, model, and the image block before the instructions', async () => {
    await client().recognise(image)
    expect(vision.requests).toHaveLength(1)
    const [request] = vision.requests
    expect(request?.method).toBe('POST')
    expect(request?.path).toBe('/v1/messages')
    expect(request?.headers['x-api-key']).toBe('sk-ant-test-key')
    expect(request?.headers['anthropic-version']).toBe('2023-06-01')
    expect(request?.headers['content-type']).toBe('application/json')
    expect(request?.body).toEqual({
      model: 'claude-test-model',
      max_tokens: 1024,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'text', text: instructions },
          ],
        },
      ],
    })
  })

  it('asks for one id from the fixed list, or none, with a confidence, and never for calories', () => {
    for (const id of ['treadmill', 'rowing-machine', 'swimming-pool', 'none'])
      expect(instructions).toContain(id)
    expect(instructions).toMatch(/confidence/)
    expect(instructions).not.toMatch(/calor/i)
  })
})

describe('the answer', () => {
  it('names the equipment and the model’s confidence', async () => {
    expect(await client().recognise(image)).toEqual({ equipment: 'treadmill', confidence: 0.92 })
  })

  it('is read even when the model wraps the JSON in a code fence or a sentence', async () => {
    vision.replyText = 'Here you go:\n```json\n{"equipment": "kettlebell", "confidence": 0.7}\n```'
    expect(await client().recognise(image)).toEqual({ equipment: 'kettlebell', confidence: 0.7 })
    vision.replyText = 'The photo shows {"equipment":"jump-rope","confidence":1} as asked.'
    expect(await client().recognise(image)).toEqual({ equipment: 'jump-rope', confidence: 1 })
  })

  it('says no equipment when the model answers none', async () => {
    vision.replyText = '{"equipment": "none", "confidence": 0.85}'
    expect(await client().recognise(image)).toEqual({ equipment: null, confidence: 0.85 })
  })

  it('is a failure when it is not JSON, names equipment off the list, or has no sane confidence', async () => {
    for (const reply of [
      'I think this is a treadmill.',
      '{"equipment": "sauna", "confidence": 0.9}',
      '{"equipment": "treadmill", "confidence": 1.5}',
      '{"equipment": "treadmill"}',
    ]) {
      vision.replyText = reply
      const error = await visionError(client().recognise(image))
      expect(error.message).toBe("The vision model's answer could not be understood.")
    }
  })
})

describe('failures', () => {
  it.each(Object.keys(visionFailures) as VisionFailure[])(
    '%s carries Anthropic’s own message',
    async (kind) => {
      vision.failWith = kind
      const error = await visionError(client().recognise(image))
      expect(error.status).toBe(visionFailures[kind].status)
      expect(error.message).toBe(visionFailures[kind].message)
    },
  )

  it('a wrong API key is refused by the API with its message', async () => {
    const error = await visionError(client({ apiKey: 'sk-ant-wrong' }).recognise(image))
    expect(error.status).toBe(401)
    expect(error.message).toBe(visionFailures.authentication.message)
    expect(error.message).not.toContain('sk-ant-wrong')
  })

  it('a model that does not answer in time', async () => {
    vision.delayMs = 1000
    const error = await visionError(client({ timeoutMs: 200 }).recognise(image))
    expect(error.message).toBe('The vision model did not answer within 0.2 seconds.')
  })

  it('an API that cannot be reached', async () => {
    const error = await visionError(client({ apiBase: 'http://127.0.0.1:1' }).recognise(image))
    expect(error.message).toBe('The vision model could not be reached.')
  })

  it('an error answer that is not Anthropic’s error shape', async () => {
    const error = await visionError(
      client({ fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }) }).recognise(
        image,
      ),
    )
    expect(error).toMatchObject({ status: 502, message: 'The vision model answered HTTP 502.' })
  })
})
