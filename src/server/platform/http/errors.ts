import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { type ErrorCode, type ErrorParams, englishText, isErrorCode } from '../../../shared/errors.ts'
import { isDatabaseUnavailable } from '../db/unavailable.ts'

/** A field's error: a listed code, which the web app shows in the visitor's language. */
export type FieldErrors = Record<string, ErrorCode>

/** Behind a generic message, the reason in words; or the things a refusal is about, as objects. */
export type ErrorDetails = string | readonly object[]

/**
 * An error a route throws on purpose: it becomes `{error: {code, message, fields?, params?}}` with
 * its status. The code must be listed in src/shared/errors.ts (a type error otherwise); the message
 * is that list's English text.
 */
export class HttpError extends Error {
  readonly fields?: FieldErrors
  readonly params?: ErrorParams
  readonly details?: ErrorDetails
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    options: { fields?: FieldErrors; params?: ErrorParams; details?: ErrorDetails } = {},
  ) {
    super(englishText(code, options.params))
    this.fields = options.fields
    this.params = options.params
    this.details = options.details
  }
}

/** Sends the API's error shape for a listed code, with its English text as the message. */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  options: { fields?: FieldErrors; params?: ErrorParams; details?: ErrorDetails } = {},
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: { code, message: englishText(code, options.params), ...options } })
}

/**
 * Maps every failure to the API's error shape. Client mistakes (bad JSON, wrong types, too large)
 * keep their 4xx status; anything unexpected is logged and answered with a generic 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const { fields, params, details } = error
      return sendError(reply, error.statusCode, error.code, { fields, params, details })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {}
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request'
        // The shared schemas' messages are codes; zod's own (a wrong type, an unknown key) are not.
        fields[field] ??= isErrorCode(issue.message) ? issue.message : 'INVALID_VALUE'
      }
      // The first field's code speaks for the whole request, so a form without fields can show it.
      const first = Object.values(fields)[0] ?? 'VALIDATION_FAILED'
      return reply
        .code(400)
        .type('application/json; charset=utf-8')
        .send({ error: { code: 'VALIDATION_FAILED', message: englishText(first), fields } })
    }
    // A database that is down or restarting is a moment's outage, not a fault: 503, try again.
    const status = error.statusCode ?? (isDatabaseUnavailable(error) ? 503 : 500)
    if (status === 429) {
      // @fastify/rate-limit's refusals carry no code: they get the one our own limits use.
      const seconds = Number(reply.getHeader('retry-after')) || 60
      return sendError(reply, 429, 'TOO_MANY_ATTEMPTS', { params: { minutes: Math.ceil(seconds / 60) } })
    }
    if (status >= 400 && status < 500) return sendError(reply, status, clientCode(error))
    request.log.error({ err: error }, 'request failed')
    return sendError(reply, status === 503 ? 503 : 500, status === 503 ? 'UNAVAILABLE' : 'INTERNAL')
  })
})

/**
 * Fastify answers a few mistakes itself, before any hook or route runs: a badly encoded URL, a
 * path parameter over its length limit. This gives them the API's error shape too; it is passed to
 * Fastify as its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Answered before any hook runs, so the request id is added here (request-id.ts).
  reply.header('x-request-id', request.id)
  const code =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? error.code
      : 'NOT_ROUTABLE'
  return sendError(reply, error.statusCode ?? 400, code)
}

/** A client mistake Fastify found: its own code when we list it, else a generic one. */
function clientCode(error: FastifyError): ErrorCode {
  if (isErrorCode(error.code)) return error.code
  return error instanceof SyntaxError ? 'FST_ERR_CTP_INVALID_JSON_BODY' : 'BAD_REQUEST'
}
