import type { ReactNode } from 'react'

/** One part of the vendor form: a titled card whose fields sit in two columns from small screens up. */
export function FormSection({
  id,
  title,
  hint,
  children,
}: {
  id: string
  title: ReactNode
  hint?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="rounded-card bg-white p-5 shadow-card md:p-7">
      <h2 id={id} className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      {hint && <p className="mt-1 text-sm text-muted">{hint}</p>}
      <div className="mt-5 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  )
}
