import { isWeekend } from '../../../shared/bahrain-time.ts'
import { visitorPriceFils } from '../../../shared/vat.ts'

export type DayType = 'weekday' | 'weekend' | 'holiday'

export interface PassPrices {
  weekday_price_fils: number
  weekend_price_fils: number | null
  holiday_price_fils: number | null
}

export function dayTypeOf(date: string, isHoliday: boolean): DayType {
  if (isHoliday) return 'holiday'
  return isWeekend(date) ? 'weekend' : 'weekday'
}

/** A venue's VAT terms as stored (migration 028). */
export interface VenueVatColumns {
  vat_registered: boolean
  prices_include_vat: boolean
}

/**
 * What a visitor pays for a pass on a day, the one place a price is computed: the catalog's cards
 * and dialog, the quote, checkout and the charge all read it. It is the venue's price for the day
 * (`venuePriceOn`), with 10% VAT added, rounded to the fils, when the venue is VAT-registered and
 * set its prices before VAT (docs/decisions/050): a visitor always sees the total they pay.
 */
export function priceOn(pass: PassPrices, dayType: DayType, venue: VenueVatColumns | undefined): number {
  const terms = venue
    ? { vatRegistered: venue.vat_registered, pricesIncludeVat: venue.prices_include_vat }
    : { vatRegistered: false, pricesIncludeVat: true }
  return visitorPriceFils(venuePriceOn(pass, dayType), terms)
}

/**
 * The day a pass's price is named for beside it ("Weekend price", "Holiday price"): only when that
 * day's price differs from its weekday one. A Friday that costs what a Thursday does is not a
 * weekend price, which would read as a surcharge.
 */
export function priceNoteOn(pass: PassPrices, dayType: DayType): PriceNote {
  return dayType !== 'weekday' && venuePriceOn(pass, dayType) !== pass.weekday_price_fils ? dayType : null
}
export type PriceNote = 'weekend' | 'holiday' | null

/**
 * The venue's own price for a pass on a day: its holiday price on a public holiday (else its weekend price, else the
 * weekday one), its weekend price on Friday and Saturday (else the weekday one), otherwise the
 * weekday price (docs/decisions/003-server-prices-by-date.md, docs/catalog.md).
 */
export function venuePriceOn(pass: PassPrices, dayType: DayType): number {
  switch (dayType) {
    case 'holiday':
      return pass.holiday_price_fils ?? pass.weekend_price_fils ?? pass.weekday_price_fils
    case 'weekend':
      return pass.weekend_price_fils ?? pass.weekday_price_fils
    case 'weekday':
      return pass.weekday_price_fils
  }
}
