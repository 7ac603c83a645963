import type { ComponentPropsWithRef } from 'react'
import { useTranslation } from 'react-i18next'
import { arabicDinar } from '../../../../shared/money.ts'
import { sanitizePriceInput } from '../../../../shared/vendor-application.ts'
import { Input } from '../../../components/ui/field.tsx'

type Props = Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'value'> & {
  value: string
  onChange(value: string): void
}

/**
 * A price in BD: only digits and one decimal point, at most 3 decimals, filtered on every change.
 * The amount reads left to right in both languages; the currency sits where the site's prices put
 * it: "BD 12.500" in English, "12.500 د.ب" in Arabic (src/shared/money.ts).
 */
export function PriceInput({ value, onChange, ...props }: Props) {
  const arabic = useTranslation().i18n.language === 'ar'
  return (
    <div dir="ltr" className="relative">
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute inset-y-0 flex items-center text-sm font-semibold text-muted ${arabic ? 'end-3.5' : 'start-3.5'}`}
      >
        {arabic ? arabicDinar : 'BD'}
      </span>
      <Input
        {...props}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.000"
        maxLength={10}
        className={arabic ? 'pe-11' : 'ps-11'}
        value={value}
        onChange={(event) => onChange(sanitizePriceInput(event.target.value))}
      />
    </div>
  )
}
