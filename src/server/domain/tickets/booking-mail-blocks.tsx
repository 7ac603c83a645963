import type { ReactNode } from 'react'
import type { Language } from '../../../shared/i18n.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import { headingStyle, textStyle } from '../../platform/mail/templates/layout.tsx'
import { Img, Link, Section, Text } from '../../platform/mail/templates/parts.ts'
import { arrivalAdvice } from './ticket-mail-parts.ts'

/**
 * The blocks the mails about a booking share (the confirmation, the reminder, the visit changes),
 * so a ticket, the advice and the buttons look alike in each.
 */

const copy = {
  en: {
    ticketNote: 'Show this code at reception, or tell them your booking reference {reference}.',
    qrAlt: 'Ticket QR code for booking {reference}',
    directions: 'Directions',
  },
  ar: {
    ticketNote: 'اعرض هذا الرمز عند الاستقبال، أو أخبرهم برقم الحجز {reference}.',
    qrAlt: 'رمز QR لتذكرة الحجز {reference}',
    directions: 'الاتجاهات',
  },
} as const

/** The booking mails' button: square-cornered in the venue green, unlike the platform's round one. */
export const bookingButtonStyle = {
  backgroundColor: '#0f5b52',
  color: '#ffffff',
  borderRadius: 8,
  padding: '12px 20px',
  fontWeight: 600,
}

const linkStyle = { color: '#0f5b52', fontWeight: 600 }

/** A link of its own line, as bold as the button, e.g. to the receipt. */
export function BookingLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Text style={textStyle}>
      <Link href={href} style={linkStyle}>
        {children}
      </Link>
    </Text>
  )
}

/** The way to the venue in the visitor's maps app. */
export function Directions({ language, mapUrl }: { language: Language; mapUrl: string }) {
  return <BookingLink href={mapUrl}>{copy[language].directions}</BookingLink>
}

/**
 * One person's ticket: its QR code (attached as `cid:`), the reference spelled out for reception,
 * then `pass`, the note on showing it, and `children` (a guest's own manage button).
 */
export function TicketCode({
  language,
  qrCid,
  reference,
  pass,
  children,
}: {
  language: Language
  qrCid: string
  reference: string
  pass?: ReactNode
  children?: ReactNode
}) {
  const text = copy[language]
  return (
    <Section style={{ textAlign: 'center', margin: '16px 0' }}>
      <Img
        src={`cid:${qrCid}`}
        width="240"
        height="240"
        alt={fill(text.qrAlt, { reference })}
        style={{ margin: '0 auto' }}
      />
      <Text style={{ ...textStyle, fontSize: 20, fontWeight: 700, letterSpacing: 2 }}>{reference}</Text>
      {pass && <Text style={textStyle}>{pass}</Text>}
      <Text style={textStyle}>{fill(text.ticketNote, { reference })}</Text>
      {children}
    </Section>
  )
}

/** What to bring and when to arrive, under the mail's own heading for it. */
export function ArrivalAdvice({
  language,
  heading,
  towelsIncluded,
}: {
  language: Language
  heading: string
  towelsIncluded: boolean
}) {
  return (
    <>
      <Text style={{ ...headingStyle, fontSize: 17, marginTop: 24 }}>{heading}</Text>
      {arrivalAdvice(language, towelsIncluded).map((line) => (
        <Text key={line} style={{ ...textStyle, margin: '4px 0' }}>
          • {line}
        </Text>
      ))}
    </>
  )
}
