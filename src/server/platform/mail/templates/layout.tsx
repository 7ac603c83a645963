import { createContext, type ReactNode, useContext } from 'react'
import type { Language } from '../../../../shared/i18n.ts'
import { formatPhone } from '../../../../shared/normalise/phone.ts'
import { fill } from './fill.ts'
import { Body, Button, Column, Container, Head, Hr, Html, Preview, Row, Section, Text } from './parts.ts'

const brand = { en: 'DayPass Bahrain', ar: 'داي باس البحرين' }
/** Where customers write for help, as the site's footer shows it. */
export const supportEmail = 'admin@daypass.bh'
const place = { en: 'DayPass Bahrain · Manama, Bahrain', ar: 'داي باس البحرين · المنامة، البحرين' }

export interface MailContact {
  email: string
  phone: string
}

/** The team's address and support line as set in the team's settings; renderMail provides them. */
export const MailContactContext = createContext<MailContact>({ email: supportEmail, phone: '' })
export const useMailContact = () => useContext(MailContactContext)

/** The frame of every mail: brand bar, content, footer; right to left in Arabic. */
export function MailLayout({
  language,
  preview,
  children,
}: {
  language: Language
  preview: string
  children: ReactNode
}) {
  const dir = language === 'ar' ? 'rtl' : 'ltr'
  const contact = useMailContact()
  // The number formatted (+973 1700 0000) and kept left to right, so an Arabic line does not turn its groups around.
  const phone = contact.phone && `\u2066${formatPhone(contact.phone)}\u2069`
  const footer = [place[language], contact.email, phone].filter(Boolean).join(' · ')
  const font =
    language === 'ar'
      ? "'IBM Plex Sans Arabic', Tahoma, Arial, sans-serif"
      : "Inter, 'Segoe UI', Helvetica, Arial, sans-serif"
  return (
    <Html lang={language} dir={dir}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#fbf8f2', fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container
          style={{ maxWidth: 560, backgroundColor: '#ffffff', borderRadius: 16, overflow: 'hidden' }}
        >
          <Section style={{ backgroundColor: '#0b4f4a', padding: '20px 28px' }}>
            <Text
              style={{
                color: '#ffffff',
                fontSize: 20,
                fontWeight: 700,
                margin: 0,
                textAlign: dir === 'rtl' ? 'right' : 'left',
              }}
            >
              {brand[language]}
            </Text>
          </Section>
          <Section style={{ padding: '28px', textAlign: dir === 'rtl' ? 'right' : 'left' }}>
            {children}
          </Section>
          <Hr style={{ borderColor: '#ebdfc6', margin: 0 }} />
          <Text
            style={{ color: '#52615f', fontSize: 12, padding: '12px 28px', margin: 0, textAlign: 'center' }}
          >
            {footer}
          </Text>
        </Container>
      </Body>
    </Html>
  )
}

export const textStyle = { color: '#14201f', fontSize: 15, lineHeight: '24px' }
export const headingStyle = { color: '#083b37', fontSize: 22, fontWeight: 700, margin: '0 0 12px' }

const detailLabel = { ...textStyle, color: '#52615f', fontSize: 14, margin: '6px 0', width: '38%' }
const detailValue = { ...textStyle, fontWeight: 600, margin: '6px 0', whiteSpace: 'pre-line' as const }

/** A two-column table of labelled details (a booking's, an application's), on a sand card. */
export function DetailsTable({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <Section style={{ backgroundColor: '#fbf8f2', borderRadius: 12, padding: '8px 16px' }}>
      {rows.map(([label, value]) => (
        <Row key={label}>
          <Column style={detailLabel}>{label}</Column>
          <Column style={detailValue}>{value}</Column>
        </Row>
      ))}
    </Section>
  )
}

/** Small grey print: a link spelled out, a note, what to do if the mail was not expected. */
export const noteStyle = { ...textStyle, fontSize: 13, color: '#52615f' }

/** Grey print a size under the body's, for the lines that close a mail: where to write, a status link. */
export const asideStyle = { ...textStyle, fontSize: 14, color: '#52615f' }

/**
 * Where to write with a question: `text` holds `{email}`, filled with the team's address as set in
 * the team's settings. Spaced off what is above it, unless a grey line right above already is.
 */
export function SupportNote({ text, spaced = true }: { text: string; spaced?: boolean }) {
  const { email } = useMailContact()
  return <Text style={spaced ? { ...asideStyle, marginTop: 20 } : asideStyle}>{fill(text, { email })}</Text>
}

const buttonStyle = {
  backgroundColor: '#0b4f4a',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: 999,
  fontWeight: 600,
}

/**
 * The mail's one action, as a button, with its address spelled out below for a mail client that
 * shows no buttons (the address reads left to right, in an Arabic mail too).
 */
export function ActionButton({
  href,
  label,
  spelled = true,
}: {
  href: string
  label: string
  spelled?: boolean
}) {
  return (
    <>
      <Button href={href} style={buttonStyle}>
        {label}
      </Button>
      {spelled && (
        <Text dir="ltr" style={{ ...noteStyle, marginTop: 24, wordBreak: 'break-all' }}>
          {href}
        </Text>
      )}
    </>
  )
}
