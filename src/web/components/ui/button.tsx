import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import { Link, type LinkProps } from 'react-router'

type Variant = 'primary' | 'secondary' | 'ghost' | 'accent'
type Size = 'md' | 'lg' | 'sm'

// The focus ring is two rings: white against the button, then dark green outside it, so it stands out
// at 3:1 or more both from a coloured button (white on brand-800 or accent) and from the white card
// or sand page around it (brand-950).
const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-55 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-950 focus-visible:ring-2 focus-visible:ring-white'
const variants: Record<Variant, string> = {
  primary: 'bg-brand-800 text-white hover:bg-brand-700 disabled:hover:bg-brand-800',
  secondary: 'border border-brand-800/25 bg-white text-brand-900 hover:border-brand-800/50 hover:bg-brand-50',
  ghost: 'text-brand-900 hover:bg-brand-50',
  accent: 'bg-accent-500 text-white hover:bg-accent-600',
}
const sizes: Record<Size, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-5 py-2.5 text-sm',
  lg: 'px-6 py-3 text-base',
}

export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', className?: string) {
  return clsx(base, variants[variant], sizes[size], className)
}

interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: Variant
  size?: Size
  /** Shows a spinner and disables the button while an action is under way. */
  busy?: boolean
}

export function Button({
  variant,
  size,
  busy = false,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <Spinner />}
      {children}
    </button>
  )
}

/** A link that looks like a button, for navigation actions. */
export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />
}

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block size-4 animate-spin rounded-full border-2 border-current border-e-transparent',
        className,
      )}
    />
  )
}
