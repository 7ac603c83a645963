import type { AttachmentType } from '../../../shared/contact.ts'
import { headingStyle, MailLayout, textStyle } from '../../platform/mail/templates/layout.tsx'
import { Section, Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { attachmentFileName } from './file-signature.ts'
import { loadContactSubmission } from './message-mail-data.ts'

export interface ContactMessagePayload {
  submissionId: number
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'contact-message': ContactMessagePayload
  }
}

export interface ContactMessageProps {
  name: string
  email: string
  subject: string
  message: string
  /** The file as mailed, and the name the sender gave it (shown as text only). */
  attachment: { fileName: string; sentAs: string } | null
}

/** The contact form's message, to the team (always in English: it is the team's working language). */
export function ContactMessage({ name, email, subject, message, attachment }: ContactMessageProps) {
  return (
    <MailLayout language="en" preview={subject}>
      <Text style={headingStyle}>{subject}</Text>
      <Text style={textStyle}>
        From {name} &lt;{email}&gt;. Reply to this e-mail to answer them.
      </Text>
      <Section style={{ backgroundColor: '#fbf8f2', borderRadius: 12, padding: '4px 16px' }}>
        <Text style={{ ...textStyle, whiteSpace: 'pre-wrap' }}>{message}</Text>
      </Section>
      {attachment && (
        <Text style={{ ...textStyle, fontSize: 13, color: '#52615f' }}>
          Attached: {attachment.fileName} (the sender named it “{attachment.sentAs}”)
        </Text>
      )}
    </MailLayout>
  )
}

export const renderContactMessage: MailRenderer<'contact-message'> = async (
  { submissionId },
  { db, rendered },
) => {
  const row = await loadContactSubmission(db, submissionId)
  // The file goes under a name of ours from its real type; the sender's name for it is text.
  const fileName =
    row.attachment && row.attachment_type
      ? attachmentFileName(row.id, row.attachment_type as AttachmentType)
      : null
  const element = (
    <ContactMessage
      name={row.name}
      email={row.email}
      subject={row.subject}
      message={row.message}
      attachment={fileName ? { fileName, sentAs: row.attachment_name ?? '' } : null}
    />
  )
  return {
    subject: `Contact form: ${row.subject}`,
    ...(await rendered(element)),
    replyTo: row.email,
    attachments:
      row.attachment && fileName && row.attachment_type
        ? [{ filename: fileName, content: row.attachment, contentType: row.attachment_type }]
        : [],
  }
}
