import type { ReactNode } from 'react'
import type { Language } from '../../../shared/i18n.ts'
import { headingStyle, MailLayout, textStyle } from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'

/**
 * How every mail to an applicant begins: a heading and one paragraph, which the inbox also shows
 * as the preview; `children` is what the mail goes on with.
 */
export function ApplicantMailFrame({
  language,
  heading,
  body,
  children,
}: {
  language: Language
  heading: string
  body: string
  children: ReactNode
}) {
  return (
    <MailLayout language={language} preview={body}>
      <Text style={headingStyle}>{heading}</Text>
      <Text style={textStyle}>{body}</Text>
      {children}
    </MailLayout>
  )
}
