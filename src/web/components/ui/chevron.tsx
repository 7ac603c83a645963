import { clsx } from 'clsx'

/** A chevron pointing to the inline start (left in English); rotate or mirror it for other directions. */
export function Chevron({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={clsx('size-5', className)}>
      <path
        d="M12.5 4.5L7 10l5.5 5.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  )
}
