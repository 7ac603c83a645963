import { z } from 'zod'
import { type EquipmentId, equipmentIds, equipmentList, type ScanImageType } from '../../../shared/scan.ts'

export interface VisionClientOptions {
  apiKey: string
  /** https://api.anthropic.com, or a local fake in tests. */
  apiBase: string
  model: string
  /** Limit for the whole call, reading the answer included. */
  timeoutMs: number
  fetch?: typeof fetch
}

export interface Recognition {
  /** null when the model saw no listed equipment in the photo. */
  equipment: EquipmentId | null
  confidence: number
}

export interface VisionClient {
  recognise(image: { mediaType: ScanImageType; base64: string }): Promise<Recognition>
}

/**
 * A failed recognition; the message says what went wrong (the API's own message when it sent one).
 * It is for the server's log only: the API's words can name our account, so visitors never see them.
 */
export class VisionError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

/** Enough for the short JSON answer and, on models that think by default, a little thinking before it. */
const maxTokens = 1024

export const instructions = [
  'You identify gym equipment in photos.',
  'Which ONE of these equipment types is the main subject of the photo?',
  ...equipmentList.map((item) => `- ${item.id}: ${item.name}`),
  'Answer "none" when the photo shows none of them, or nothing you can recognise.',
  'Reply with strict JSON only, no other text: {"equipment": "<one id from the list, or none>", "confidence": <a number from 0 to 1>}',
].join('\n')

const messageAnswer = z.object({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  stop_reason: z.string().nullish(),
})
const errorAnswer = z.object({ error: z.object({ type: z.string(), message: z.string() }) })
const modelReply = z.object({
  equipment: z.enum([...equipmentIds, 'none']),
  confidence: z.number().min(0).max(1),
})

/**
 * Asks a Claude model, through the Anthropic Messages API with plain fetch, which of our fixed
 * equipment types a photo shows. The model only names the equipment; the calories come from the
 * Compendium's MET values (docs/decisions/014). Every failure becomes a VisionError.
 */
export function createVisionClient(options: VisionClientOptions): VisionClient {
  const apiBase = options.apiBase.replace(/\/+$/, '')
  const fetchFn = options.fetch ?? globalThis.fetch

  return {
    async recognise(image) {
      let response: Response
      let text: string
      try {
        response = await fetchFn(`${apiBase}/v1/messages`, {
          method: 'POST',
          headers: {
            'x-api-key': options.apiKey,
            'anthropic-version': '2023-06-01',
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            model: options.model,
            max_tokens: maxTokens,
            messages: [
              {
                role: 'user',
                // The image before the text, as Anthropic recommends for vision.
                content: [
                  {
                    type: 'image',
                    source: { type: 'base64', media_type: image.mediaType, data: image.base64 },
                  },
                  { type: 'text', text: instructions },
                ],
              },
            ],
          }),
          // One signal for the request and the body, so a server that stalls mid-answer also times out.
          signal: AbortSignal.timeout(options.timeoutMs),
        })
        text = await response.text()
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError'
        throw new VisionError(
          timedOut
            ? `The vision model did not answer within ${options.timeoutMs / 1000} seconds.`
            : 'The vision model could not be reached.',
        )
      }
      const json = parseJson(text)
      if (!response.ok) {
        // For the log: a sentence or two, and never our key, should the API ever echo it.
        const apiMessage = errorAnswer
          .safeParse(json)
          .data?.error.message.slice(0, 300)
          .replaceAll(options.apiKey, '[redacted]')
        throw new VisionError(
          apiMessage ?? `The vision model answered HTTP ${response.status}.`,
          response.status,
        )
      }
      const answer = messageAnswer.safeParse(json)
      // Models that think by default put thinking blocks first: read the first text block.
      const replyText = answer.data?.content.find((block) => block.type === 'text')?.text
      if (replyText === undefined) throw new VisionError('The vision model sent no text answer.')
      const reply = modelReply.safeParse(parseJson(extractJson(replyText)))
      if (!reply.success) {
        const cut = answer.data?.stop_reason === 'max_tokens' ? ' (it was cut short)' : ''
        throw new VisionError(`The vision model's answer could not be understood${cut}.`)
      }
      const { equipment, confidence } = reply.data
      return { equipment: equipment === 'none' ? null : equipment, confidence }
    },
  }
}

/** The JSON object in a reply, which a model may wrap in a code fence or a sentence despite being asked not to. */
function extractJson(reply: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(reply)?.[1]
  const candidate = (fenced ?? reply).trim()
  const start = candidate.indexOf('{')
  const end = candidate.lastIndexOf('}')
  return start >= 0 && end > start ? candidate.slice(start, end + 1) : candidate
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The configured model, or null when no API key is set (the page then offers a manual picker). */
export function visionClientFromConfig(config: {
  VISION_API_KEY: string
  VISION_API_BASE: string
  VISION_MODEL: string
  VISION_TIMEOUT_MS: number
}): VisionClient | null {
  if (!config.VISION_API_KEY) return null
  return createVisionClient({
    apiKey: config.VISION_API_KEY,
    apiBase: config.VISION_API_BASE,
    model: config.VISION_MODEL,
    timeoutMs: config.VISION_TIMEOUT_MS,
  })
}
