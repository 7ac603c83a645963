import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { guestSession, signedInUser, testOrigin } from '../../support/accounts.ts'
import type { TestApp } from '../../support/test-app.ts'

/** Who calls: nobody signed in, a guest session ("Sign in as Guest"), or an account with its role. */
export const callers = ['anonymous', 'guest', 'user', 'staff', 'manager', 'admin'] as const
export type Caller = (typeof callers)[number]

export interface Visitor {
  caller: Caller
  /** The session cookie; none for an anonymous visitor. */
  cookie?: string
  /** The account's id and address, for an account. */
  id?: string
  email?: string
}

/** One visitor of each kind, signed in on `t`. */
export async function visitorsOf(t: TestApp): Promise<Record<Caller, Visitor>> {
  const account = async (caller: 'user' | 'staff' | 'manager' | 'admin'): Promise<Visitor> => {
    const email = `${caller}-visitor@example.bh`
    return { caller, email, ...(await signedInUser(t, email, caller)) }
  }
  return {
    anonymous: { caller: 'anonymous' },
    guest: { caller: 'guest', cookie: await guestSession(t) },
    user: await account('user'),
    staff: await account('staff'),
    manager: await account('manager'),
    admin: await account('admin'),
  }
}

let addresses = 0

/**
 * A request as `visitor` from a browser on our own site: the visitor's cookie, our origin, and an
 * address of its own so the per-IP limits stay out of the way.
 */
export function requestAs(
  t: TestApp,
  visitor: Visitor,
  options: Omit<InjectOptions, 'remoteAddress'>,
): Promise<LightMyRequestResponse> {
  addresses++
  return t.app.inject({
    ...options,
    headers: {
      origin: testOrigin,
      ...(visitor.cookie ? { cookie: visitor.cookie } : {}),
      ...options.headers,
    },
    remoteAddress: `10.77.${(addresses >> 8) & 255}.${addresses & 255}`,
  })
}

/** A GET or DELETE, or a POST or PUT with a JSON body, as `visitor`. */
export function send(
  t: TestApp,
  visitor: Visitor,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return requestAs(t, visitor, { method, url, ...(payload ? { payload } : {}) })
}
