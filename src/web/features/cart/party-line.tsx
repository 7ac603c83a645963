import { useTranslation } from 'react-i18next'
import { formatBhd, parseBhdToFils } from '../../../shared/money.ts'

/**
 * A pass as a party's line names it: "2 × Adult - Gym and pool", which a screen reader hears as
 * "2 people: Adult - Gym and pool". One person's line is the pass alone.
 */
export function PassForParty({ pass, quantity }: { pass: string; quantity: number }) {
  const { t } = useTranslation()
  if (quantity <= 1) return pass
  return (
    <>
      {/* The same in both languages: the count, then the sign. */}
      <span aria-hidden="true">{quantity} × </span>
      <span className="sr-only">{t('party.people', { count: quantity })}: </span>
      {pass}
    </>
  )
}

/**
 * A line's price for its people, from the price for one as the catalog writes it ("BD 12.000" × 2
 * is "BD 24.000"); a text that is not such a price is returned as it is.
 */
export function linePrice(unitPrice: string, quantity: number): string {
  const match = /^BD (\d+\.\d{3})$/.exec(unitPrice)
  const fils = match?.[1] === undefined ? undefined : parseBhdToFils(match[1])
  return fils === undefined ? unitPrice : formatBhd(fils * quantity)
}

/**
 * "Weekend price" or "Holiday price" beside a line's price (the list's "from" price is a weekday's):
 * the visitor sees why Friday costs more. Only when the server says that day's price differs from
 * the weekday one (`priceNote`): a Friday at the weekday price would read as a surcharge.
 */
export function DayPrice({ note }: { note: 'weekend' | 'holiday' | null | undefined }) {
  const { t } = useTranslation()
  if (!note) return null
  return <p className="text-xs font-semibold text-muted">{t(`dayPrice.${note}`)}</p>
}
