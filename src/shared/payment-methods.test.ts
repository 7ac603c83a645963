import { describe, expect, it } from 'vitest'
import { languages } from './i18n.ts'
import {
  gatewayOf,
  holdMinutesOf,
  isOnline,
  methodsOf,
  paymentMethodFacts,
  paymentMethods,
  paymentMethodWords,
  paysThrough,
  tapMethods,
} from './payment-methods.ts'

describe('the payment methods table', () => {
  it('names every method in both languages, each name its own', () => {
    for (const language of languages) {
      const names = paymentMethods.map((method) => paymentMethodWords(method, language))
      for (const name of names) expect(name.trim().length, language).toBeGreaterThan(1)
      expect(new Set(names).size, language).toBe(paymentMethods.length)
    }
    // The Arabic names are Arabic (PayPal keeps its own name).
    for (const method of paymentMethods) expect(paymentMethodWords(method, 'ar')).toMatch(/[\u0600-\u06ff]/)
  })

  it('gives every online method a gateway, its currency and a hold; at the venue, none', () => {
    for (const method of paymentMethods) {
      const facts = paymentMethodFacts[method]
      if (!isOnline(method)) {
        expect(facts).toMatchObject({ gateway: null, currency: null, holdMinutes: null })
        continue
      }
      expect(facts.currency).toBe(facts.gateway === 'paypal' ? 'USD' : 'BHD')
      expect(holdMinutesOf(method)).toBeGreaterThanOrEqual(15)
    }
    expect(paymentMethods.filter(isOnline)).toEqual(['card', 'benefit', 'card_bhd'])
  })

  it('sends BENEFIT and cards in BD to Tap, cards in USD to PayPal', () => {
    expect(tapMethods).toEqual(['benefit', 'card_bhd'])
    expect(methodsOf('paypal')).toEqual(['card'])
    expect(gatewayOf('venue')).toBeNull()
    expect(paysThrough('benefit', 'tap')).toBe(true)
    expect(paysThrough('card', 'tap')).toBe(false)
    // A stored or sent text that is no method goes through no gateway, even an object's own names.
    for (const text of ['', 'BENEFIT', 'toString', '__proto__', 'constructor'])
      expect([paysThrough(text, 'tap'), paysThrough(text, 'paypal'), isOnline(text)], text).toEqual([
        false,
        false,
        false,
      ])
  })
})
