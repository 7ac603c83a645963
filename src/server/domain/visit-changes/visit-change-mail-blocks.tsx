import type { Language } from '../../../shared/i18n.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import { SupportNote } from '../../platform/mail/templates/layout.tsx'
import { Button } from '../../platform/mail/templates/parts.ts'
import { bookingButtonStyle } from '../tickets/booking-mail-blocks.tsx'

/** The words a cancellation and a new date share, so the two mails tell of money and help alike. */
const copy = {
  en: {
    refund: '{amount} goes back to the card you paid with. It can take a few days to show on your statement.',
    seeBooking: 'See your booking',
    support: 'Questions? Write to us at {email} and we will help.',
  },
  ar: {
    refund: 'سيُعاد مبلغ {amount} إلى البطاقة التي دفعت بها. قد يستغرق ظهوره في كشف حسابك بضعة أيام.',
    seeBooking: 'عرض حجزك',
    support: 'هل لديك سؤال؟ راسلنا على {email} وسنساعدك.',
  },
} as const

/** What goes back to the card, and that the bank takes its time. */
export function refundNote(language: Language, amount: string) {
  return fill(copy[language].refund, { amount })
}

/** How a mail about a changed visit ends: the button to the booking, then where to write. */
export function VisitChangeClose({ language, bookingUrl }: { language: Language; bookingUrl: string }) {
  const text = copy[language]
  return (
    <>
      <Button href={bookingUrl} style={{ ...bookingButtonStyle, marginTop: 16 }}>
        {text.seeBooking}
      </Button>
      <SupportNote text={text.support} />
    </>
  )
}
