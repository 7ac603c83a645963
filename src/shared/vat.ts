import { z } from 'zod'
import { E } from './errors.ts'
import { westernDigits } from './normalise/digits.ts'

/**
 * Bahrain's value added tax, once (docs/decisions/050): the rate, what a visitor pays for a venue's
 * price, and the VAT a VAT-inclusive amount holds. Money is integer fils; each rounding is to the
 * nearest fils, halves up, the normal rounding the National Bureau for Revenue's guidance names.
 */

/** 10% since 1 January 2022. */
export const vatRatePercent = 10

/** How a venue's prices stand with VAT (the venue editor's "VAT" section, migration 028). */
export interface VatTerms {
  vatRegistered: boolean
  /** Whether the prices the venue set already hold the VAT; ignored when it is not registered. */
  pricesIncludeVat: boolean
}

export const noVat: VatTerms = { vatRegistered: false, pricesIncludeVat: true }

/** `numerator / denominator` rounded to the nearest whole number, halves up, in integers only. */
function roundedRatio(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

/**
 * What a visitor pays for a venue's price: the price itself, or, for a VAT-registered venue whose
 * prices are set before VAT, the price plus 10% rounded to the fils. Every price shown to visitors
 * and charged goes through here (the catalog's `priceOn`).
 */
export function visitorPriceFils(venuePriceFils: number, terms: VatTerms): number {
  if (!terms.vatRegistered || terms.pricesIncludeVat) return venuePriceFils
  return roundedRatio(venuePriceFils * (100 + vatRatePercent), 100)
}

/**
 * The VAT a VAT-inclusive line total holds: 10/110 of it, rounded to the fils once for the line,
 * never per unit (3 × BD 13.335 = BD 40.005 holds BD 3.637, not 3 × BD 1.212).
 */
export function vatIncludedFils(lineTotalFils: number): number {
  return roundedRatio(lineTotalFils * vatRatePercent, 100 + vatRatePercent)
}

/** VAT charged on top of a VAT-exclusive amount (the marketplace's commission on a statement). */
export function vatOnFils(amountFils: number): number {
  return roundedRatio(amountFils * vatRatePercent, 100)
}

/**
 * A Bahraini VAT account number as the National Bureau for Revenue issues it: 15 digits, the
 * first a 2 (e.g. 200000898300002). Spaces and dashes people copy with it are dropped, and
 * Arabic-Indic digits are read as 0–9.
 */
export const vatNumberPattern = /^2\d{14}$/

export function normaliseVatNumber(text: string): string {
  return westernDigits(text).replace(/[\s\u00a0-]/g, '')
}

/** The venue editor's VAT form: a registered venue needs its number; an unregistered one has none. */
export const venueVatSchema = z
  .strictObject({
    vatRegistered: z.boolean({ error: E.INVALID_VALUE }),
    vatNumber: z
      .string({ error: E.VAT_NUMBER_INVALID })
      .max(40, E.VAT_NUMBER_INVALID)
      .transform((text) => normaliseVatNumber(text)),
    pricesIncludeVat: z.boolean({ error: E.INVALID_VALUE }),
  })
  .superRefine((form, ctx) => {
    if (!form.vatRegistered) return
    if (!form.vatNumber) ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: E.VAT_NUMBER_REQUIRED })
    else if (!vatNumberPattern.test(form.vatNumber))
      ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: E.VAT_NUMBER_INVALID })
  })
export type VenueVatInput = z.input<typeof venueVatSchema>
export type VenueVat = z.output<typeof venueVatSchema>

/** The VAT settings as the editor shows them; `vatNumber` is '' when none is set. */
export const venueVatAnswerSchema = z.object({
  vatRegistered: z.boolean(),
  vatNumber: z.string(),
  pricesIncludeVat: z.boolean(),
})
