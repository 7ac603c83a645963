/**
 * A failed API call, carrying the server's error code (worded by useErrorText), its English
 * message, each field's own code, the params its text needs, and details.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly details?: string | readonly unknown[],
    readonly params: Record<string, string | number> = {},
  ) {
    super(message)
  }
}

/**
 * Fetches JSON from our API. A non-2xx answer becomes an ApiError with the server's message. Pass
 * `parse` (a shared zod schema's parse, say) to check the answer's shape; the shell's own calls
 * skip it so that zod stays out of the first download.
 */
export async function apiFetch<T>(
  path: string,
  init?: RequestInit & { parse?: (body: unknown) => T },
): Promise<T> {
  const { parse, ...requestInit } = init ?? {}
  const response = await fetch(path, {
    ...requestInit,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(requestInit.body ? { 'content-type': 'application/json' } : {}),
      ...requestInit.headers,
    },
  })
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const error = (
      body as
        | {
            error?: {
              code?: unknown
              message?: unknown
              fields?: unknown
              details?: unknown
              params?: unknown
            }
          }
        | undefined
    )?.error
    if (error && typeof error.code === 'string' && typeof error.message === 'string') {
      throw new ApiError(
        response.status,
        error.code,
        error.message,
        (error.fields ?? {}) as Record<string, string>,
        typeof error.details === 'string' || Array.isArray(error.details) ? error.details : undefined,
        (error.params ?? {}) as Record<string, string | number>,
      )
    }
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      'Unable to fetch data. The request could not be resolved.',
    )
  }
  return parse ? parse(body) : (body as T)
}
