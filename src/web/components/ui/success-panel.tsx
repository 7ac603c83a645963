import { type ReactNode, useEffect, useRef } from 'react'
import { revealAndFocus } from '../../lib/reveal.ts'

/**
 * The screen that replaces a form once it has done its job: a tick, a heading, and what happened.
 * Every form's success ends here, so every one is scrolled into view and focused the same way: the
 * panel is brought into the viewport and its heading takes the focus (screen readers read the news
 * rather than nothing).
 */
export function SuccessPanel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const panel = useRef<HTMLElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (panel.current && heading.current) revealAndFocus(panel.current, heading.current)
  }, [])
  return (
    <div className="container-page flex justify-center py-10 md:py-16">
      <section
        ref={panel}
        className="w-full max-w-xl scroll-mt-24 rounded-card bg-white p-6 text-center shadow-card md:p-8"
      >
        <div className="mx-auto mb-4 grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">
          <svg viewBox="0 0 24 24" className="size-9" aria-hidden="true">
            <path
              d="m5 12.5 4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
        </div>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold text-brand-900 focus:outline-none md:text-3xl"
        >
          {title}
        </h1>
        {children}
      </section>
    </div>
  )
}
