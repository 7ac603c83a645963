import type { ReactNode } from 'react'

/** A centred page with an icon, a heading, a few lines and actions: not found, unauthorized, coming soon. */
export function MessagePage({
  icon,
  heading,
  children,
}: {
  icon: ReactNode
  heading: ReactNode
  children: ReactNode
}) {
  return (
    <section className="container-page flex flex-col items-center py-16 text-center md:py-24">
      <div className="mb-6 grid size-20 place-items-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </div>
      <h1 className="mb-3 text-3xl font-bold text-brand-900 md:text-4xl">{heading}</h1>
      <div className="max-w-xl space-y-4 text-muted">{children}</div>
    </section>
  )
}
