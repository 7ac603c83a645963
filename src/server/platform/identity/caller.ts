import type { FastifyRequest } from 'fastify'
import { defaultLanguage, isLanguage, type Language, languageCookie } from '../../../shared/i18n.ts'
import type { Role } from '../../../shared/permissions.ts'

/**
 * Who is calling: nobody signed in, a guest session ("Sign in as Guest") or an account. Every
 * route asks `await request.caller`; nothing else reads the session. A deactivated account
 * is answered as anonymous (the session is read in domain/accounts/caller-plugin.ts). Guest
 * sessions: docs/decisions/005-guest-sessions.md; the callers and their rights: docs/accounts.md.
 */
export type Caller = { kind: 'anonymous' } | GuestCaller | AccountCaller

interface SessionHolder {
  id: string
  email: string
  name: string
  role: Role
}
/** A guest session: an account better-auth made for "Sign in as Guest", with no e-mail of its own. */
export type GuestCaller = SessionHolder & { kind: 'guest' }
/** A signed-in account. */
export type AccountCaller = SessionHolder & { kind: 'account' }

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller, read from the session cookie the first time a route asks, then kept for the
     * request: a route that never asks (the catalog) never pays for a session look-up.
     */
    readonly caller: Promise<Caller>
    /** The visitor's language: the language cookie, else the browser's preference, else English. */
    language: Language
  }
}

/** The language of a request's `cookie` and `accept-language` headers: parsed here and nowhere else. */
export function languageOf(
  cookieHeader: string | null | undefined,
  acceptLanguage?: string | null,
): Language {
  const cookie = cookieHeader?.match(languageCookiePattern)?.[1]
  if (isLanguage(cookie)) return cookie
  const accepted = acceptLanguage?.trim().slice(0, 2).toLowerCase()
  return isLanguage(accepted) ? accepted : defaultLanguage
}
const languageCookiePattern = new RegExp(`(?:^|;\\s*)${languageCookie}=([a-z]+)`)

/** The request's headers as the Fetch API's Headers, for better-auth. */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.append(name, String(value))
  }
  return headers
}
