import type { Language } from '../../../shared/i18n.ts'
import { receiptWords } from '../../../shared/receipts.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import {
  DetailsTable,
  headingStyle,
  MailLayout,
  SupportNote,
  textStyle,
} from '../../platform/mail/templates/layout.tsx'
import { Button, Section, Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { calendarFileName } from '../calendar/booking-calendar.ts'
import { partiesCalendarFile } from '../calendar/calendar-file.ts'
import {
  ArrivalAdvice,
  BookingLink,
  bookingButtonStyle,
  Directions,
  TicketCode,
} from './booking-mail-blocks.tsx'
import {
  type BookingConfirmationProps,
  type ConfirmationParty,
  loadOrderConfirmation,
  type OrderConfirmationProps,
} from './confirmation-mail-data.ts'
import { ticketQrAttachment } from './ticket-mail-parts.ts'

/**
 * One mail per order (`orderId`); `bookingId` is a mail queued for one visit before mails were sent
 * per order, still rendered as that visit alone.
 */
export type BookingConfirmationPayload = { orderId: string } | { bookingId: number }

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'booking-confirmation': BookingConfirmationPayload
  }
}

const copy = {
  en: {
    subject: 'Booking Confirmation - {venue}',
    heading: 'Your booking is confirmed',
    greeting: 'Hello {name}, thank you for booking with DayPass Bahrain. Here are your details:',
    labels: {
      reference: 'Booking reference',
      venueName: 'Venue',
      passName: 'Pass',
      passPrice: 'Price',
      date: 'Date',
      time: 'Time',
      location: 'Location',
      paymentMethod: 'Payment method',
      cancellation: 'Cancellation',
    },
    paid: 'Paid online',
    paidWith: {
      card: 'Paid online by card (PayPal)',
      benefit: 'Paid online with BENEFIT',
      card_bhd: 'Paid online by card in BD',
    },
    totalPaid: 'Total paid: {total}, {method}',
    methods: { card: 'by card (PayPal)', benefit: 'with BENEFIT', card_bhd: 'by card in BD' },
    payAtVenue: 'Pay at Venue (card or BENEFIT at reception)',
    adviceHeading: 'Before you go',
    support: 'Questions or a problem with your booking? Write to us at {email} and we will help.',
    ticketHeading: 'Your ticket',
    ticketsHeading: 'Your tickets: one for each person',
    manage: 'View or manage your booking',
    myBookings: 'See it in My Bookings',
    receipt: {
      included: 'Your receipt, with the VAT it includes',
      // The receipt's own words (src/shared/receipts.ts), so the two never disagree.
      none: `Your receipt. ${receiptWords.en.notRegistered}`,
      mixed: 'Your receipts, one per venue, each showing any VAT it includes',
    },
    calendar: 'To add this visit to your calendar, open the attached file ({file}).',
  },
  ar: {
    subject: 'تأكيد الحجز - {venue}',
    heading: 'تم تأكيد حجزك',
    greeting: 'مرحباً {name}، شكراً لحجزك عبر داي باس البحرين. إليك تفاصيل الحجز:',
    labels: {
      reference: 'رقم الحجز',
      venueName: 'المنشأة',
      passName: 'التذكرة',
      passPrice: 'السعر',
      date: 'التاريخ',
      time: 'الوقت',
      location: 'الموقع',
      paymentMethod: 'طريقة الدفع',
      cancellation: 'الإلغاء',
    },
    paid: 'مدفوع عبر الإنترنت',
    paidWith: {
      card: 'مدفوع عبر الإنترنت بالبطاقة (PayPal)',
      benefit: 'مدفوع عبر الإنترنت عبر بنفت (BENEFIT)',
      card_bhd: 'مدفوع عبر الإنترنت بالبطاقة بالدينار',
    },
    totalPaid: 'إجمالي المدفوع: {total}، {method}',
    methods: { card: 'بالبطاقة (PayPal)', benefit: 'عبر بنفت (BENEFIT)', card_bhd: 'بالبطاقة بالدينار' },
    payAtVenue: 'الدفع في المنشأة (بطاقة أو بنفت عند الاستقبال)',
    adviceHeading: 'قبل أن تذهب',
    support: 'هل لديك سؤال أو مشكلة في حجزك؟ راسلنا على {email} وسنساعدك.',
    ticketHeading: 'تذكرتك',
    ticketsHeading: 'تذاكرك: تذكرة لكل شخص',
    manage: 'عرض حجزك أو إدارته',
    myBookings: 'اعرضه في حجوزاتي',
    receipt: {
      included: 'إيصالك، مع ضريبة القيمة المضافة المشمولة',
      none: `إيصالك. ${receiptWords.ar.notRegistered}`,
      mixed: 'إيصالاتك، إيصال لكل منشأة، يبيّن كل منها ما يشمله من ضريبة القيمة المضافة',
    },
    calendar: 'لإضافة هذه الزيارة إلى تقويمك، افتح الملف المرفق ({file}).',
  },
} as const

export function bookingConfirmationSubject(language: Language, venueName: string) {
  return fill(copy[language].subject, { venue: venueName })
}

/** One person's ticket: the QR code, the reference, the pass and, for a guest, its own manage link. */
function Ticket({ ticket, language }: { ticket: BookingConfirmationProps; language: Language }) {
  return (
    <TicketCode
      language={language}
      qrCid={ticket.qrCid}
      reference={ticket.reference}
      pass={
        <>
          {ticket.passName} · {ticket.passPrice}
        </>
      }
    >
      {ticket.manageUrl && (
        <Button href={ticket.manageUrl} style={bookingButtonStyle}>
          {copy[language].manage}
        </Button>
      )}
    </TicketCode>
  )
}

/** A party: its heading, each person's ticket, then what they share (venue, time, payment, policy). */
function PartySection({ party, language }: { party: ConfirmationParty; language: Language }) {
  const text = copy[language]
  const lead = party.tickets[0]
  if (!lead) return null
  const rows: [string, string][] = [
    [text.labels.venueName, lead.venueName],
    [text.labels.date, lead.date],
    [text.labels.time, lead.time],
    [text.labels.location, lead.location],
    [
      text.labels.paymentMethod,
      lead.paymentMethod === 'paid'
        ? lead.paidWith
          ? text.paidWith[lead.paidWith]
          : text.paid
        : text.payAtVenue,
    ],
    [text.labels.cancellation, lead.cancellationPolicy],
  ]
  return (
    <Section style={{ marginTop: 24 }}>
      <Text style={{ ...headingStyle, fontSize: 18 }}>{party.heading}</Text>
      {party.tickets.map((ticket) => (
        <Ticket key={ticket.reference} ticket={ticket} language={language} />
      ))}
      <DetailsTable rows={rows} />
      {lead.mapUrl && <Directions language={language} mapUrl={lead.mapUrl} />}
    </Section>
  )
}

/**
 * The order's one confirmation (docs/mail.md, "One mail per order"): every person's ticket, grouped
 * under one heading per party, and one calendar file with one entry per party.
 */
export function BookingConfirmation(props: OrderConfirmationProps) {
  const text = copy[props.language]
  const tickets = props.parties.flatMap((party) => party.tickets)
  const first = tickets[0]
  const signedIn = tickets.every((ticket) => ticket.manageUrl === null)
  return (
    <MailLayout
      language={props.language}
      preview={`${text.heading}: ${props.parties.map((party) => party.heading).join(', ')}`}
    >
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>{fill(text.greeting, { name: props.name })}</Text>
      <Text style={{ ...headingStyle, fontSize: 17 }}>
        {tickets.length === 1 ? text.ticketHeading : text.ticketsHeading}
      </Text>
      {props.parties.map((party) => (
        <PartySection key={party.heading} party={party} language={props.language} />
      ))}
      {props.paid && (
        <Text style={{ ...textStyle, fontWeight: 700 }}>
          {fill(text.totalPaid, { total: props.paid.total, method: text.methods[props.paid.method] })}
        </Text>
      )}
      {signedIn && (
        <Section style={{ textAlign: 'center', margin: '16px 0' }}>
          <Button href={props.myBookingsUrl} style={bookingButtonStyle}>
            {text.myBookings}
          </Button>
        </Section>
      )}
      {props.receiptUrl && (
        <BookingLink href={props.receiptUrl}>{text.receipt[props.receiptVat]}</BookingLink>
      )}
      {first && (
        <Text style={textStyle}>{fill(text.calendar, { file: calendarFileName(first.reference) })}</Text>
      )}
      <ArrivalAdvice
        language={props.language}
        heading={text.adviceHeading}
        towelsIncluded={tickets.every((ticket) => ticket.towelsIncluded)}
      />
      <SupportNote text={text.support} />
    </MailLayout>
  )
}

export const renderBookingConfirmation: MailRenderer<'booking-confirmation'> = async (
  payload,
  { db, links, now, rendered },
) => {
  // The booker's language was kept with the order, so the queued language is not needed here.
  const { props, tickets, partyBookingIds } = await loadOrderConfirmation(db, payload, links)
  const element = <BookingConfirmation {...props} />
  const calendar = await partiesCalendarFile(db, partyBookingIds, links, { now })
  const venue = props.parties[0]?.tickets[0]?.venueName ?? ''
  return {
    subject: bookingConfirmationSubject(props.language, venue),
    ...(await rendered(element)),
    // Inline, by content id: the mail loads nothing from anywhere to show the tickets.
    attachments: [
      ...(await Promise.all(
        tickets.map((ticket) => ticketQrAttachment(ticket.reference, ticket.text, ticket.cid)),
      )),
      ...(calendar ? [calendar] : []),
    ],
  }
}
