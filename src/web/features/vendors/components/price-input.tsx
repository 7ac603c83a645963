import type { ComponentPropsWithRef } from 'react'
import { sanitizePriceInput } from '../../../../shared/vendor-application.ts'
import { Input } from '../../../components/ui/field.tsx'

type Props = Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'value'> & {
  value: string
  onChange(value: string): void
}

/**
 * A price in BD: only digits and one decimal point, at most 3 decimals, filtered
 * on every change. Left to right in both languages, like every price on the site ("BD 12.500").
 */
export function PriceInput({ value, onChange, ...props }: Props) {
  return (
    <div dir="ltr" className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 start-3.5 flex items-center text-sm font-semibold text-muted"
      >
        BD
      </span>
      <Input
        {...props}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.000"
        maxLength={10}
        className="ps-11"
        value={value}
        onChange={(event) => onChange(sanitizePriceInput(event.target.value))}
      />
    </div>
  )
}
