import { useEffect } from 'react'

let markHydrated: () => void = () => {}

/**
 * Resolves once React has hydrated the content area (the page, or what the server drew in its
 * place). It is a Suspense boundary of its own, which React hydrates after the app has marked itself
 * ready; a tap held until then (src/web/early-events.ts) waits for it too, as the language switch
 * must: the content would otherwise be hydrated in the new language, against the server's HTML in
 * the old one.
 */
export const contentHydrated = new Promise<void>((resolve) => {
  markHydrated = resolve
})

/** Rendered last in the content area: its effect runs once that area has been hydrated. */
export function ContentHydrated() {
  useEffect(() => markHydrated(), [])
  return null
}
