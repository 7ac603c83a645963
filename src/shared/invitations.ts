import { z } from 'zod'
import { accountNameSchema, emailSchema, passwordSchema } from './accounts.ts'
import { localizedSchema, venueIdSchema } from './catalog-api.ts'
import { E } from './errors.ts'
import { languages } from './i18n.ts'

/**
 * Staff invited by e-mail (docs/operating.md, "Inviting staff"; docs/decisions/041): an admin, or a
 * manager for the venues they run, invites an address to one venue's desk. Nothing is granted until
 * the address's owner accepts through a link that works once and for 72 hours: a new invitee sets
 * their own password; the owner of an activated account signs in and agrees. The inviter is told
 * the same either way.
 */
export const invitationHours = 72

export const invitationStates = ['pending', 'expired', 'accepted', 'withdrawn'] as const
export type InvitationState = (typeof invitationStates)[number]

export const inviteRequestSchema = z.strictObject({
  email: emailSchema.transform((email) => email.toLowerCase()),
  venueId: venueIdSchema,
  /** The language of the mail and of the page its link opens. */
  language: z.enum(languages, { error: E.INVALID_VALUE }),
})
export type InviteRequest = z.input<typeof inviteRequestSchema>

export const invitationIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
})

export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  venueId: z.string(),
  venueName: localizedSchema,
  language: z.enum(languages),
  state: z.enum(invitationStates),
  /** ISO instants. */
  sentAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** Who sent it, by e-mail; null once that account is gone. */
  invitedBy: z.string().nullable(),
})
export type Invitation = z.infer<typeof invitationSchema>

/** The team's invitations page: the invitations the caller may see, and the venues they may invite to. */
export const invitationListSchema = z.object({
  invitations: z.array(invitationSchema),
  venues: z.array(z.object({ id: z.string(), name: localizedSchema })),
})
export type InvitationList = z.infer<typeof invitationListSchema>

/**
 * What inviting did: a mail with a link was sent. The same whether or not the address has an
 * account, so the answer tells no one who has one.
 */
export const inviteAnswerSchema = z.object({ outcome: z.literal('invited'), invitation: invitationSchema })
export type InviteAnswer = z.infer<typeof inviteAnswerSchema>

/** What the invitation's link shows before the invitee chooses a password. */
export const openInvitationSchema = z.object({
  email: z.string(),
  venueName: localizedSchema,
  language: z.enum(languages),
  expiresAt: z.string(),
  /** The address has an activated account: its owner signs in and agrees, rather than choosing a password. */
  hasAccount: z.boolean(),
})
export type OpenInvitation = z.infer<typeof openInvitationSchema>

/** The invitee's form: their name and the password they choose. */
export const acceptInvitationSchema = z.strictObject({
  name: accountNameSchema,
  password: passwordSchema,
})
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>

/** Accepted: the account is signed in, and the page moves to the venue's desk. */
export const acceptedInvitationSchema = z.object({
  venueId: z.string(),
  signedIn: z.boolean(),
})
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>
