import { z } from 'zod'
import { type DeskPaymentMethod, deskPaymentMethods } from './desk.ts'
import { apiPath } from './endpoints/define.ts'
import { guestReceiptPdfRoute, myReceiptPdfRoute } from './endpoints/receipts-routes.ts'
import type { Language } from './i18n.ts'
import { paymentMethods, paymentMethodWords } from './payment-methods.ts'

/**
 * A paid visit's receipt (docs/receipts.md, docs/decisions/050): one per order and venue, the venue
 * being the seller. What the receipt page shows and the PDF prints, in the visitor's language;
 * amounts in fils. For a VAT-registered venue it is a simplified tax invoice: the VAT each line
 * holds, rounded once per line (src/shared/vat.ts).
 */

const bilingual = z.object({ en: z.string(), ar: z.string() })

export const receiptLineSchema = z.object({
  pass: bilingual,
  /** yyyy-mm-dd and HH:MM: the visit's day and hour. */
  date: z.string(),
  time: z.string(),
  quantity: z.number().int(),
  unitPriceFils: z.number().int(),
  totalFils: z.number().int(),
  /** The VAT the line's total holds; null when the seller is not VAT-registered. */
  vatFils: z.number().int().nullable(),
})
export type ReceiptLine = z.infer<typeof receiptLineSchema>

/**
 * What a receipt's sale lost to cancellations (ADR 050, "Credit notes"): the receipt, once issued, is
 * never rewritten; each cancellation's refund is a note of its own under it, numbered after it.
 */
export const creditNoteSchema = z.object({
  /** The receipt's number and the note's place under it: `R-000042-C1`. */
  number: z.string(),
  /** When the visits were cancelled and their refund decided (ISO). */
  issuedAt: z.string(),
  /** Whether the money has reached the card, or is on its way. */
  refundStatus: z.enum(['pending', 'refunded']),
  lines: z.array(receiptLineSchema),
  totalFils: z.number().int(),
  vatFils: z.number().int().nullable(),
})
export type CreditNote = z.infer<typeof creditNoteSchema>

export const receiptSchema = z.object({
  /** The seller's receipt number, in sequence per venue: `R-000042`. */
  number: z.string(),
  venueId: z.string(),
  seller: z.object({ name: bilingual, address: bilingual, vatNumber: z.string().nullable() }),
  /** When it was paid (ISO): online, when the order was confirmed; at the venue, when the desk took it. */
  paidAt: z.string(),
  issuedAt: z.string(),
  lines: z.array(receiptLineSchema),
  totalFils: z.number().int(),
  vatFils: z.number().int().nullable(),
  payment: z.object({
    method: z.enum(paymentMethods),
    /** For a visit paid at reception: how. */
    deskMethod: z.enum(deskPaymentMethods).nullable(),
  }),
  /** Our order id, and the payment provider's capture id when there is one. */
  reference: z.object({ orderId: z.string(), providerCaptureId: z.string().nullable() }),
  /** The refunds of its visits cancelled since, oldest first; none while nothing was refunded. */
  creditNotes: z.array(creditNoteSchema),
})
export type Receipt = z.infer<typeof receiptSchema>

export const orderReceiptsSchema = z.object({ receipts: z.array(receiptSchema) })
export type OrderReceipts = z.infer<typeof orderReceiptsSchema>

/** The receipt's number as printed. */
export function receiptNumberText(sequence: number): string {
  return `R-${String(sequence).padStart(6, '0')}`
}

/** A credit note's number: its receipt's, then its place among the receipt's notes, from 1. */
export function creditNoteNumberText(receiptNumber: string, place: number): string {
  return `${receiptNumber}-C${place}`
}

/** The reference as printed: the order id, then the provider's capture id when set. */
export function referenceText(reference: Receipt['reference']): string {
  return reference.providerCaptureId
    ? `${reference.orderId} / ${reference.providerCaptureId}`
    : reference.orderId
}

/**
 * The receipt's words in both languages, for the page and the PDF alike (the server prints the PDF
 * without the web app's catalogs). The Arabic ones carry no brackets: in a right-to-left line a PDF
 * draws a bracket mirrored, and text copied from it would come out the wrong way round.
 */
export const receiptWords = {
  en: {
    taxInvoice: 'Simplified tax invoice',
    receipt: 'Receipt',
    receiptNumber: 'Receipt number',
    date: 'Date',
    seller: 'Seller',
    vatNumber: 'VAT account number',
    notRegistered: 'The venue is not registered for VAT: no VAT is charged.',
    pass: 'Pass',
    visit: 'Visit',
    quantity: 'Quantity',
    price: 'Price',
    vatIncluded: 'VAT included (10%)',
    vatColumn: 'VAT (10%)',
    lineTotal: 'Amount',
    total: 'Total',
    totalVat: 'Of which VAT (10%)',
    paymentMethod: 'Payment method',
    reference: 'Reference',
    pricesIncludeVat: 'Prices include VAT at 10%.',
    download: 'Download PDF',
    title: 'Your receipt',
    back: 'Back to your booking',
    none: 'There is no receipt yet: a visit paid at the venue has its receipt once reception takes the payment.',
    creditNote: 'Credit note',
    creditNoteFor: 'For receipt {number}: visits cancelled since, refunded',
    totalRefunded: 'Total refunded',
    refundStatus: { refunded: 'Refunded to the card paid with', pending: 'Refund on its way to the card' },
  },
  ar: {
    taxInvoice: 'فاتورة ضريبية مبسطة',
    receipt: 'إيصال',
    receiptNumber: 'رقم الإيصال',
    date: 'التاريخ',
    seller: 'البائع',
    vatNumber: 'رقم حساب ضريبة القيمة المضافة',
    notRegistered: 'النادي غير مسجل في ضريبة القيمة المضافة: لا تُفرض ضريبة.',
    pass: 'التذكرة',
    visit: 'الزيارة',
    quantity: 'الكمية',
    price: 'السعر',
    vatIncluded: 'ضريبة القيمة المضافة المشمولة بنسبة 10%',
    vatColumn: 'الضريبة 10%',
    lineTotal: 'المبلغ',
    total: 'الإجمالي',
    totalVat: 'منها ضريبة القيمة المضافة بنسبة 10%',
    paymentMethod: 'طريقة الدفع',
    reference: 'المرجع',
    pricesIncludeVat: 'الأسعار شاملة ضريبة القيمة المضافة بنسبة 10%.',
    download: 'تنزيل PDF',
    title: 'إيصالك',
    back: 'العودة إلى حجزك',
    none: 'لا يوجد إيصال بعد: تحصل الزيارة المدفوعة في النادي على إيصالها عندما يستلم الاستقبال المبلغ.',
    creditNote: 'إشعار دائن',
    creditNoteFor: 'للإيصال {number}: زيارات أُلغيت بعده وأُعيد مبلغها',
    totalRefunded: 'إجمالي المبلغ المسترد',
    refundStatus: { refunded: 'أُعيد إلى البطاقة المدفوع بها', pending: 'المبلغ في طريقه إلى البطاقة' },
  },
} as const satisfies Record<Language, Record<string, string | Record<string, string>>>

const deskWords: Record<Language, Record<DeskPaymentMethod, string>> = {
  en: { card: 'card', benefit: 'BENEFIT', cash: 'cash' },
  ar: { card: 'بطاقة', benefit: 'بنفت', cash: 'نقداً' },
}

/** "Card (PayPal)", "BENEFIT", or "Paid at the venue: cash", in the language. */
export function paymentMethodText(payment: Receipt['payment'], language: Language): string {
  const method = paymentMethodWords(payment.method, language)
  return payment.deskMethod ? `${method}: ${deskWords[language][payment.deskMethod]}` : method
}

/** Where an order's receipt PDF is served, for a signed-in booker or a guest's link. */
export function receiptPdfPath(owner: { orderId: string } | { token: string }): string {
  return 'token' in owner
    ? apiPath(guestReceiptPdfRoute, { token: owner.token })
    : apiPath(myReceiptPdfRoute, { id: owner.orderId })
}
