import { clsx } from 'clsx'
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react'

const inputBase =
  'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-xs placeholder:text-muted/70 focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200 disabled:bg-sand-100'

/**
 * What makes an Input a phone number's: typed left to right in either language, and shown in the
 * order typed. `dir="ltr"` alone is not enough: two groups of Arabic-Indic digits with a space
 * between ("٣٦١٢ ٣٤٥٦") are still laid out right to left by the browser (the space takes the
 * direction of the Arabic numbers around it), so the visitor saw "٣٤٥٦ ٣٦١٢". A field that holds
 * digits, spaces and signs loses nothing by having its order fixed.
 */
export const phoneInputProps = {
  type: 'tel',
  dir: 'ltr',
  className: '[unicode-bidi:bidi-override]',
} as const

/** A multi-line text control in the same frame as Input, red-edged while invalid. */
export function Textarea({ className, ...props }: ComponentPropsWithRef<'textarea'>) {
  return (
    <textarea
      className={clsx(
        'block w-full rounded-xl border border-brand-900/20 bg-white px-3.5 py-2.5 text-base focus:border-brand-500 focus:ring-3 focus:ring-brand-200 focus:outline-none aria-invalid:border-accent-500',
        className,
      )}
      {...props}
    />
  )
}

export function Input({ className, 'aria-invalid': invalid, ...props }: ComponentPropsWithRef<'input'>) {
  return (
    <input
      className={clsx(inputBase, invalid ? 'border-accent-500' : 'border-brand-900/20', className)}
      aria-invalid={invalid}
      {...props}
    />
  )
}

interface FieldProps {
  label: ReactNode
  /** The message shown under the control, announced to screen readers and linked to the control. */
  error?: string | undefined
  hint?: ReactNode
  required?: boolean
  className?: string
  children: (control: {
    id: string
    'aria-describedby'?: string
    'aria-invalid'?: boolean
    required?: boolean
  }) => ReactNode
}

/** A label, a control, a hint and an error message, wired together for assistive technology. */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={clsx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="ms-0.5 text-accent-500">
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, required })}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-accent-600">
          {error}
        </p>
      )}
    </div>
  )
}
