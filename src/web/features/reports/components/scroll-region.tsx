import type { ReactNode } from 'react'

/**
 * A wide table's frame: it scrolls sideways on a phone, and can be focused so a keyboard can scroll
 * it too (WCAG 2.1.1; axe's scrollable-region-focusable). Named by `label` for screen readers.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-card bg-white shadow-card focus-visible:outline-3 focus-visible:outline-brand-950"
    >
      {children}
    </section>
  )
}
