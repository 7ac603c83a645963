import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ApiErrorBody } from '../../shared/api-error.ts'
import { isDatabaseUnavailable } from '../db/unavailable.ts'

/** An error a route throws on purpose: it becomes `{error: {code, message, fields?}}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

export function sendError(reply: FastifyReply, status: number, body: ApiErrorBody['error']) {
  return reply.code(status).type('application/json; charset=utf-8').send({ error: body })
}

/**
 * Maps every failure to the API's error shape. Client mistakes (bad JSON, wrong types, too large)
 * keep their 4xx status; anything unexpected is logged and answered with a generic 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return sendError(reply, error.statusCode, {
        code: error.code,
        message: error.message,
        fields: error.fields,
      })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {}
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request'
        fields[field] ??= issue.message ?? 'Invalid value'
      }
      const first = Object.values(fields)[0] ?? 'The request is not valid.'
      return sendError(reply, 400, { code: 'VALIDATION_FAILED', message: first, fields })
    }
    // A database that is down or restarting is a moment's outage, not a fault: 503, try again.
    const status = error.statusCode ?? (isDatabaseUnavailable(error) ? 503 : 500)
    if (status >= 400 && status < 500) {
      return sendError(reply, status, {
        // @fastify/rate-limit's refusals carry no code: they get the one our own limits use.
        code: error.code ?? (status === 429 ? 'TOO_MANY_ATTEMPTS' : 'BAD_REQUEST'),
        message: clientMessage(error, status),
      })
    }
    request.log.error({ err: error }, 'request failed')
    if (status === 503) {
      return sendError(reply, 503, {
        code: 'UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again.',
      })
    }
    return sendError(reply, 500, {
      code: 'INTERNAL',
      message:
        'Internal server error. We are unable to process your request right now, please try again later.',
    })
  })
})

/**
 * Fastify answers a few mistakes itself, before any hook or route runs: a badly encoded URL, a
 * path parameter over its length limit. This gives them the API's error shape too; it is passed to
 * Fastify as its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400
  const messages: Record<string, string> = {
    FST_ERR_BAD_URL: 'The address is not correctly encoded.',
    FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  }
  return sendError(reply, status, {
    code: error.code,
    message: messages[error.code] ?? 'The request could not be routed.',
  })
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This endpoint accepts JSON only.'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.'
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.'
    default:
      if (error instanceof SyntaxError) return 'The request body is not valid JSON.'
      return status === 429 ? 'Too many requests. Please wait a moment and try again.' : error.message
  }
}
