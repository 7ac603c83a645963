import type { ReactNode } from 'react'

/** The band at the top of a content page: heading and an optional lead paragraph. */
export function PageHeader({ heading, lead }: { heading: ReactNode; lead?: ReactNode }) {
  return (
    <div className="bg-brand-900 text-white">
      <div className="container-page py-12 md:py-16">
        <h1 className="text-3xl font-bold md:text-5xl">{heading}</h1>
        {lead && <p className="mt-4 max-w-2xl text-lg text-brand-50/90">{lead}</p>}
      </div>
    </div>
  )
}
