import { isWeekend } from '../../../shared/bahrain-time.ts'

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

/**
 * A pass's price on a day: its holiday price on a public holiday (else its weekend price, else the
 * weekday one), its weekend price on Friday and Saturday (else the weekday one), otherwise the
 * weekday price (docs/decisions/003-server-prices-by-date.md, docs/catalog.md).
 */
export function priceOn(pass: PassPrices, dayType: DayType): number {
  switch (dayType) {
    case 'holiday':
      return pass.holiday_price_fils ?? pass.weekend_price_fils ?? pass.weekday_price_fils
    case 'weekend':
      return pass.weekend_price_fils ?? pass.weekday_price_fils
    case 'weekday':
      return pass.weekday_price_fils
  }
}
