import { clsx } from 'clsx'
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react'

/**
 * Radio buttons or checkboxes under one legend. The error is linked to the group and announced
 * when it appears, like a single field's error in `Field`.
 */
export function ChoiceGroup({
  legend,
  hint,
  error,
  required,
  className,
  children,
}: {
  legend: ReactNode
  hint?: ReactNode
  error?: string | undefined
  required?: boolean
  className?: string
  children: ReactNode
}) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <fieldset aria-describedby={describedBy || undefined} className={clsx('space-y-2', className)}>
      <legend className="text-sm font-semibold text-ink">
        {legend}
        {required && (
          <span aria-hidden="true" className="ms-0.5 text-accent-500">
            *
          </span>
        )}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">{children}</div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-accent-600">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** One choice in a group, as a pill that shows when it is chosen and when it has the keyboard focus. */
export function ChoiceOption({
  label,
  type,
  invalid,
  ...props
}: Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  label: ReactNode
  type: 'radio' | 'checkbox'
  invalid?: boolean
}) {
  return (
    <label
      className={clsx(
        'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border bg-white px-3.5 py-2 text-sm font-medium text-ink',
        'has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-3 has-focus-visible:ring-brand-200',
        invalid ? 'border-accent-500' : 'border-brand-900/20',
      )}
    >
      <input type={type} className="size-4 shrink-0 accent-brand-700" {...props} />
      {label}
    </label>
  )
}
