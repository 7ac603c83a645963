import type { Language } from './i18n.ts'

/**
 * Every way an order is paid, in one table (docs/decisions/054, docs/adding-a-payment-method.md):
 * its words on receipts, mails and the team's pages in both languages, the gateway that takes it
 * (null: at the venue's reception), the currency that gateway is asked in, and how long an unpaid
 * order holds its places. 'card' goes through PayPal in USD; 'benefit' (BENEFIT debit card and PIN
 * on BENEFIT's page) and 'card_bhd' (a card in dinars) through Tap Payments (docs/decisions/049).
 */
export const paymentMethods = ['card', 'venue', 'benefit', 'card_bhd'] as const
export type PaymentMethod = (typeof paymentMethods)[number]

/** The payment companies an order's money goes through. */
export type Gateway = 'paypal' | 'tap'

interface MethodFacts {
  words: Readonly<Record<Language, string>>
  gateway: Gateway | null
  currency: 'USD' | 'BHD' | null
  /** Minutes an order awaiting this payment holds its places; null: it is confirmed when placed. */
  holdMinutes: number | null
}

export const paymentMethodFacts = {
  card: {
    words: { en: 'Card (PayPal)', ar: 'بطاقة عبر PayPal' },
    gateway: 'paypal',
    currency: 'USD',
    holdMinutes: 15,
  },
  venue: {
    words: { en: 'Paid at the venue', ar: 'الدفع في النادي' },
    gateway: null,
    currency: null,
    holdMinutes: null,
  },
  // Tap's page takes longer: BENEFIT's PIN, a bank's 3-D Secure (docs/decisions/049).
  benefit: { words: { en: 'BENEFIT', ar: 'بنفت' }, gateway: 'tap', currency: 'BHD', holdMinutes: 30 },
  card_bhd: {
    words: { en: 'Card (BD)', ar: 'بطاقة بالدينار البحريني' },
    gateway: 'tap',
    currency: 'BHD',
    holdMinutes: 30,
  },
} as const satisfies Record<PaymentMethod, MethodFacts>

type Facts = typeof paymentMethodFacts

/** The methods a gateway takes. */
export type MethodOf<G extends Gateway> = {
  [M in PaymentMethod]: Facts[M]['gateway'] extends G ? M : never
}[PaymentMethod]

/** The methods paid before the visit, through a gateway. */
export type OnlineMethod = MethodOf<Gateway>

/** The methods paid on Tap's page, in BHD: the visitor is sent there and comes back to the result page. */
export type TapMethod = MethodOf<'tap'>

/** The gateway that takes a method's money; null at the venue. */
export function gatewayOf(method: PaymentMethod): Gateway | null {
  return paymentMethodFacts[method].gateway
}

/** Whether `method` goes through `gateway`; an unknown text goes through none. */
export function paysThrough<G extends Gateway>(method: string, gateway: G): method is MethodOf<G> {
  return (
    Object.hasOwn(paymentMethodFacts, method) &&
    paymentMethodFacts[method as PaymentMethod].gateway === gateway
  )
}

/** Paid online before the visit: a cancellation gives the money back to the payer. */
export function isOnline(method: string): method is OnlineMethod {
  return (
    Object.hasOwn(paymentMethodFacts, method) && paymentMethodFacts[method as PaymentMethod].gateway !== null
  )
}

/** Every method a gateway takes, in the table's order (a tuple, as a schema's enum wants). */
export function methodsOf<G extends Gateway>(gateway: G): readonly [MethodOf<G>, ...MethodOf<G>[]] {
  const methods = paymentMethods.filter((method) => paysThrough(method, gateway))
  if (methods.length === 0) throw new Error(`No payment method goes through ${gateway}`)
  return methods as unknown as [MethodOf<G>, ...MethodOf<G>[]]
}

export const tapMethods = methodsOf('tap')

/** Minutes an unpaid order of an online method holds its places. */
export function holdMinutesOf(method: OnlineMethod): number {
  return paymentMethodFacts[method].holdMinutes
}

/** "Card (PayPal)", "بنفت": the method's name in the reader's language. */
export function paymentMethodWords(method: PaymentMethod, language: Language): string {
  return paymentMethodFacts[method].words[language]
}
