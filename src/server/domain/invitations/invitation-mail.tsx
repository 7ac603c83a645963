import type { Language } from '../../../shared/i18n.ts'
import { invitationHours } from '../../../shared/invitations.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import { signId } from '../../platform/identity/signed-id.ts'
import { MailNoLongerDue } from '../../platform/mail/no-longer-due.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import {
  ActionButton,
  headingStyle,
  MailLayout,
  noteStyle,
  textStyle,
} from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { accountOfAddress, invitationWithVenue, stateOf } from './repository.ts'

export interface StaffInvitationPayload {
  invitationId: number
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'staff-invitation': StaffInvitationPayload
  }
}

const copy = {
  en: {
    subject: 'You are invited to the desk of {venue} on DayPass Bahrain',
    heading: 'Join the team at {venue}',
    body: 'You have been invited to check visitors in at {venue} with DayPass Bahrain. Choose your password to make your account; you will then see the venue’s bookings desk.',
    expiry: 'The link works once and expires in {hours} hours.',
    cta: 'Choose my password',
    ignore: 'If you did not expect this, you can ignore this e-mail: no account is made without you.',
    bodyForAccount:
      'You have been invited to check visitors in at {venue} with DayPass Bahrain. Open the invitation, sign in to your DayPass account and agree; you will then see the venue’s bookings desk.',
    ctaForAccount: 'See the invitation',
    ignoreForAccount: 'If you did not expect this, you can ignore this e-mail: nothing changes without you.',
  },
  ar: {
    subject: 'دعوة للعمل على مكتب استقبال {venue} في داي باس البحرين',
    heading: 'انضم إلى فريق {venue}',
    body: 'دُعيت لتسجيل وصول الزوار في {venue} عبر داي باس البحرين. اختر كلمة مرورك لإنشاء حسابك، وسيظهر لك بعدها مكتب حجوزات المنشأة.',
    expiry: 'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال {hours} ساعة.',
    cta: 'اختر كلمة المرور',
    ignore: 'إن لم تكن تتوقع هذه الرسالة، يمكنك تجاهلها: لا يُنشأ أي حساب دونك.',
    bodyForAccount:
      'دُعيت لتسجيل وصول الزوار في {venue} عبر داي باس البحرين. افتح الدعوة وسجّل الدخول إلى حسابك في داي باس ووافق عليها، وسيظهر لك بعدها مكتب حجوزات المنشأة.',
    ctaForAccount: 'عرض الدعوة',
    ignoreForAccount: 'إن لم تكن تتوقع هذه الرسالة، يمكنك تجاهلها: لا يتغير شيء دونك.',
  },
} satisfies Record<Language, Record<string, string>>

export function StaffInvitation({
  language,
  venue,
  url,
  hasAccount = false,
}: {
  language: Language
  venue: string
  url: string
  /** The address has an activated account: its owner signs in and agrees rather than choosing a password. */
  hasAccount?: boolean
}) {
  const text = copy[language]
  const body = fill(hasAccount ? text.bodyForAccount : text.body, { venue })
  return (
    <MailLayout language={language} preview={body}>
      <Text style={headingStyle}>{fill(text.heading, { venue })}</Text>
      <Text style={textStyle}>{body}</Text>
      <Text style={textStyle}>{fill(text.expiry, { hours: String(invitationHours) })}</Text>
      <ActionButton href={url} label={hasAccount ? text.ctaForAccount : text.cta} />
      <Text style={noteStyle}>{hasAccount ? text.ignoreForAccount : text.ignore}</Text>
    </MailLayout>
  )
}

/**
 * The invitation with its link, in the language the team chose; dropped when the invitation was
 * withdrawn, accepted or has expired before the mail's turn came.
 */
export const renderStaffInvitation: MailRenderer<'staff-invitation'> = async (
  { invitationId },
  { db, language, links, now, rendered },
) => {
  const invitation = await invitationWithVenue(db, invitationId)
  if (!invitation || stateOf(invitation, now) !== 'pending')
    throw new MailNoLongerDue('invitation not pending')
  const token = signId(links.secret, 'staff-invitation', invitation.id)
  const url = `${links.siteUrl.replace(/\/$/, '')}${pagePath('acceptInvitation', { token })}`
  const venue = (language === 'ar' && invitation.name_ar) || invitation.name_en
  // Worded for the address as it stands when the mail goes; the inviter was told nothing of it.
  const hasAccount = Boolean((await accountOfAddress(db, invitation.email))?.email_verified)
  return {
    subject: fill(copy[language].subject, { venue }),
    ...(await rendered(
      <StaffInvitation language={language} venue={venue} url={url} hasAccount={hasAccount} />,
    )),
  }
}
