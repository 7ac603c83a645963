import * as AccordionPrimitive from '@radix-ui/react-accordion'
import type { ReactNode } from 'react'

export interface AccordionItem {
  id: string
  title: ReactNode
  content: ReactNode
}

/**
 * An accordion on Radix with one panel open at a time; the open panel can be closed again.
 * Headings and buttons carry the ARIA wiring, and arrow keys move between questions.
 */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const
  return (
    <AccordionPrimitive.Root
      type="single"
      collapsible
      className="divide-y divide-brand-900/10 rounded-card bg-white shadow-card"
    >
      {items.map((item) => (
        <AccordionPrimitive.Item key={item.id} value={item.id}>
          <AccordionPrimitive.Header asChild>
            <Heading className="m-0">
              <AccordionPrimitive.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start text-base font-semibold text-brand-900 hover:bg-brand-50/60">
                <span>{item.title}</span>
                <svg
                  viewBox="0 0 20 20"
                  aria-hidden="true"
                  className="size-5 shrink-0 text-brand-600 transition-transform duration-200 group-data-[state=open]:rotate-180"
                >
                  <path
                    d="M5 8l5 5 5-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </AccordionPrimitive.Trigger>
            </Heading>
          </AccordionPrimitive.Header>
          <AccordionPrimitive.Content className="px-5 pb-5 text-muted leading-relaxed">
            {item.content}
          </AccordionPrimitive.Content>
        </AccordionPrimitive.Item>
      ))}
    </AccordionPrimitive.Root>
  )
}
