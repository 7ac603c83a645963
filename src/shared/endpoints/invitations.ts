import { z } from 'zod'
import { signedTokenParams } from '../application-status.ts'
import {
  acceptedInvitationSchema,
  acceptInvitationSchema,
  invitationIdParams,
  invitationListSchema,
  invitationSchema,
  inviteAnswerSchema,
  inviteRequestSchema,
  openInvitationSchema,
} from '../invitations.ts'
import { endpoint } from './define.ts'

/**
 * Staff invited by e-mail (docs/decisions/041). The team's half needs canManageVenues, and the
 * handlers keep a manager to the venues they run (domain/invitations/access.ts); the invitee's half
 * is open to anyone, the signed link being the key (a wrong, used, withdrawn or expired one is 404).
 */
export const invitationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/invitations',
    access: 'canManageVenues',
    response: { 200: invitationListSchema },
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/admin/invitations',
    access: 'canManageVenues',
    body: inviteRequestSchema,
    response: { 201: inviteAnswerSchema },
  }),
  withdraw: endpoint({
    method: 'DELETE',
    path: '/api/admin/invitations/:id',
    access: 'canManageVenues',
    params: invitationIdParams,
    response: { 200: invitationSchema },
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/admin/invitations/:id/resend',
    access: 'canManageVenues',
    params: invitationIdParams,
    // Nothing to say but `{}`; anything more is a mistake, refused rather than ignored.
    body: z.strictObject({}),
    response: { 201: inviteAnswerSchema },
  }),
  open: endpoint({
    method: 'GET',
    path: '/api/invitations/:token',
    access: 'public',
    params: signedTokenParams,
    response: { 200: openInvitationSchema },
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/invitations/:token/accept',
    access: 'public',
    params: signedTokenParams,
    body: acceptInvitationSchema,
    response: { 200: acceptedInvitationSchema },
  }),
  /** The owner of an activated account, signed in as it, agrees to the invitation to its address. */
  agree: endpoint({
    method: 'POST',
    path: '/api/invitations/:token/agree',
    access: 'signedIn',
    params: signedTokenParams,
    body: z.strictObject({}),
    response: { 200: acceptedInvitationSchema },
  }),
}
