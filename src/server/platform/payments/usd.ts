import { filsPerDinar } from '../../../shared/money.ts'

/**
 * PayPal is paid in US dollars; everything else counts fils (docs/decisions/033). These are the
 * only conversions: to cents where a PayPal amount is fixed (an order's total, a visit's refund),
 * and between cents and PayPal's decimal text where our code meets PayPal's.
 */

/** US cents in one dinar: USD = BHD × 2.65. */
const usdCentsPerDinar = 265

/** Fils as whole US cents, rounded to the nearest cent (half a cent up). */
export function filsToUsdCents(fils: number): number {
  return Math.round((fils * usdCentsPerDinar) / filsPerDinar)
}

/** Whole cents as PayPal writes an amount: 2650 → "26.50". */
export function usdCentsToString(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

/** An amount PayPal wrote ("26.50") as whole cents. */
export function usdStringToCents(value: string): number {
  return Math.round(Number(value) * 100)
}
