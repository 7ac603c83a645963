import type { Language } from '../../../shared/i18n.ts'
import type { MailAttachment } from '../../platform/mail/templates/render.tsx'
import { qrPng } from '../visits/qr.ts'
import { ticketQrCid } from './confirmation-mail-data.ts'

/** What the booking confirmation and the reminder both carry: the advice and the ticket's QR code. */

const copy = {
  en: {
    advice: [
      'Please arrive 10-15 minutes early to check in.',
      'Bring a valid ID (CPR or passport): reception checks it against your booking.',
      'Wear workout attire and bring a towel.',
    ],
    adviceTowelsIncluded: 'Wear workout attire; towels are included with your pass.',
  },
  ar: {
    advice: [
      'يرجى الوصول قبل الموعد بـ 10-15 دقيقة لتسجيل الدخول.',
      'أحضر هوية سارية (البطاقة الذكية أو جواز السفر): يتحقق منها الاستقبال مقابل حجزك.',
      'ارتدِ ملابس رياضية وأحضر منشفة.',
    ],
    adviceTowelsIncluded: 'ارتدِ ملابس رياضية؛ المناشف مشمولة في تذكرتك.',
  },
}

/**
 * What to bring and when to arrive (the ID check first); "bring a towel" is swapped for a note when
 * the pass includes towels. The reminder repeats it.
 */
export function arrivalAdvice(language: Language, towelsIncluded: boolean): readonly string[] {
  const text = copy[language]
  if (!towelsIncluded) return text.advice
  return [...text.advice.slice(0, -1), text.adviceTowelsIncluded]
}

/** The ticket's QR code, attached inline: the mail's HTML shows it as `cid:`. */
export async function ticketQrAttachment(
  reference: string,
  ticket: string,
  cid: string = ticketQrCid,
): Promise<MailAttachment> {
  return {
    filename: `ticket-${reference}.png`,
    content: await qrPng(ticket),
    contentType: 'image/png',
    cid,
  }
}
