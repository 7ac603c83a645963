import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** "← Back to …" above a page's heading; the arrow turns round in Arabic to point the way back. */
export function BackLink({
  to,
  children,
  className,
}: {
  to: string
  children: ReactNode
  className?: string
}) {
  return (
    <Link
      to={to}
      className={clsx(
        'inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline',
        className,
      )}
    >
      <span aria-hidden="true" className="rtl:-scale-x-100">
        ←
      </span>
      {children}
    </Link>
  )
}
