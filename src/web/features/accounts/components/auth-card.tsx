import type { ReactNode } from 'react'

/** The frame of the sign-in, sign-up and password pages. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: ReactNode
  lead?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="container-page flex justify-center py-10 md:py-16">
      <section className="w-full max-w-xl rounded-card bg-white p-6 shadow-card md:p-8">
        <h1 className="text-2xl font-bold text-brand-900 md:text-3xl">{title}</h1>
        {lead && <p className="mt-2 mb-6 text-muted">{lead}</p>}
        {children}
      </section>
    </div>
  )
}
