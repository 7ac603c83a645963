import { Section, Text } from '@react-email/components'
import { headingStyle, MailLayout, textStyle } from './layout.tsx'

export interface ContactMessagePayload {
  submissionId: number
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
