import { clsx } from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'

/** One section of the editor: a card with its heading, which names the region for screen readers. */
export function EditorSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 id={id} className="mb-4 text-xl font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A multi-line text input with the design system's input look. */
export function TextArea({
  className,
  'aria-invalid': invalid,
  ...props
}: ComponentPropsWithRef<'textarea'>) {
  return (
    <textarea
      className={clsx(
        'block min-h-28 w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-xs focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200',
        invalid ? 'border-accent-500' : 'border-brand-900/20',
        className,
      )}
      aria-invalid={invalid}
      {...props}
    />
  )
}

/** A native select with the design system's input look. */
export function Select({ className, 'aria-invalid': invalid, ...props }: ComponentPropsWithRef<'select'>) {
  return (
    <select
      className={clsx(
        'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-xs focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200',
        invalid ? 'border-accent-500' : 'border-brand-900/20',
        className,
      )}
      aria-invalid={invalid}
      {...props}
    />
  )
}

/** A message under a form or a section: an error (announced at once) or a confirmation. */
export function Notice({ tone, children }: { tone: 'error' | 'ok'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'rounded-xl px-4 py-3 text-sm font-medium',
        tone === 'error' ? 'bg-accent-500/10 text-accent-600' : 'bg-brand-50 text-brand-900',
      )}
    >
      {children}
    </div>
  )
}
