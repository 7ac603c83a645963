import { signId } from '../../../src/server/platform/identity/signed-id.ts'
import { applicationStatusSchema } from '../../../src/shared/application-status.ts'
import {
  acceptedInvitationSchema,
  invitationHours,
  invitationListSchema,
  invitationSchema,
  inviteAnswerSchema,
  openInvitationSchema,
} from '../../../src/shared/invitations.ts'
import { testPassword } from '../../support/accounts.ts'
import { checkoutClock } from '../../support/checkout.ts'
import type { TestApp } from '../../support/test-app.ts'
import type { EndpointSpec } from './endpoints.ts'
import type { HardeningContext } from './hardening-app.ts'

/** The venue the hardening suites invite staff to (the manager visitor runs it). */
export const invitationVenue = 'manama-marina-hotel'

/**
 * A pending invitation of `email` to `venueId`, written as the team's endpoint writes one at the
 * hardening clock's time (the suites' requests make their own): its id and its link's token.
 */
export async function pendingInvitation(t: TestApp, email: string, venueId = invitationVenue) {
  // Sent by an active admin: an invitation whose sender is gone or deactivated no longer counts.
  const sender = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('deactivated_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirstOrThrow()
  const { id } = await t.database.db
    .insertInto('staff_invitations')
    .values({
      venue_id: venueId,
      email,
      language: 'en',
      invited_by: sender.id,
      created_at: checkoutClock,
      expires_at: new Date(checkoutClock.getTime() + invitationHours * 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id, token: signId(t.config.AUTH_SECRET, 'staff-invitation', id) }
}

/** The status link's token of an application. */
export function statusToken(t: TestApp, applicationId: number): string {
  return signId(t.config.AUTH_SECRET, 'application-status', applicationId)
}

/** The invitations' and the status page's endpoints, each with a well-formed request (docs/decisions/041). */
export function invitationSpecs(c: () => HardeningContext): EndpointSpec[] {
  const admin = () => ({ cookie: c().adminCookie })
  return [
    {
      key: 'GET /api/vendor-applications/status/:token',
      base: () => ({
        method: 'GET',
        route: '/api/vendor-applications/status/:token',
        params: { token: c().invitations.statusToken },
      }),
      control: 200,
      ok: applicationStatusSchema,
    },
    {
      key: 'GET /api/admin/invitations',
      base: () => ({
        method: 'GET',
        route: '/api/admin/invitations',
        headers: admin(),
        alsoServes: ['POST'],
      }),
      control: 200,
      ok: invitationListSchema,
    },
    {
      key: 'POST /api/admin/invitations',
      base: (n) => ({
        method: 'POST',
        route: '/api/admin/invitations',
        body: { email: `invitee-${n}@example.bh`, venueId: invitationVenue, language: 'en' },
        headers: admin(),
        alsoServes: ['GET'],
      }),
      control: 201,
      ok: inviteAnswerSchema,
    },
    {
      key: 'DELETE /api/admin/invitations/:id',
      base: () => ({
        method: 'DELETE',
        route: '/api/admin/invitations/:id',
        params: { id: String(c().invitations.withdrawableId) },
        headers: admin(),
      }),
      control: 200,
      ok: invitationSchema,
    },
    {
      key: 'POST /api/admin/invitations/:id/resend',
      base: () => ({
        method: 'POST',
        route: '/api/admin/invitations/:id/resend',
        params: { id: String(c().invitations.resendableId) },
        body: {},
        headers: admin(),
      }),
      control: 201,
      ok: inviteAnswerSchema,
    },
    {
      key: 'GET /api/invitations/:token',
      base: () => ({
        method: 'GET',
        route: '/api/invitations/:token',
        params: { token: c().invitations.openToken },
      }),
      control: 200,
      ok: openInvitationSchema,
    },
    {
      // The link is the key: a forged, altered or replayed token is a 404, and nothing is written.
      key: 'POST /api/invitations/:token/accept',
      base: () => ({
        method: 'POST',
        route: '/api/invitations/:token/accept',
        params: { token: c().invitations.acceptToken },
        body: { name: 'Huda Ali', password: testPassword },
      }),
      freeText: ['name', 'password'],
      control: 200,
      ok: acceptedInvitationSchema,
    },
    {
      // Signed in as the invited address's own account: another account is a 403.
      key: 'POST /api/invitations/:token/agree',
      base: () => ({
        method: 'POST',
        route: '/api/invitations/:token/agree',
        params: { token: c().invitations.agreeToken },
        body: {},
        headers: admin(),
      }),
      control: 200,
      ok: acceptedInvitationSchema,
    },
  ]
}

export interface InvitationTokens {
  /** The status link of the context's application. */
  statusToken: string
  withdrawableId: number
  resendableId: number
  openToken: string
  /** Accepted once, by the well-formed request sent after the malformed ones. */
  acceptToken: string
  /** To the admin's own address: agreed once, the same way. */
  agreeToken: string
}

/** The invitations the well-formed requests act on, made once the app is ready. */
export async function prepareInvitations(t: TestApp, applicationId: number): Promise<InvitationTokens> {
  return {
    statusToken: statusToken(t, applicationId),
    withdrawableId: (await pendingInvitation(t, 'withdrawable@example.bh')).id,
    resendableId: (await pendingInvitation(t, 'resendable@example.bh')).id,
    openToken: (await pendingInvitation(t, 'opened@example.bh')).token,
    acceptToken: (await pendingInvitation(t, 'accepting@example.bh')).token,
    agreeToken: (await pendingInvitation(t, 'hardening-admin@example.bh')).token,
  }
}
