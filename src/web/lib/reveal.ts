/**
 * Brings news the visitor must see into view and gives it the focus: after a form succeeds its
 * message replaces the form, which on a phone can leave the page scrolled far below it (the
 * registration form is long). `area` is what is scrolled to (its scroll-margin keeps it clear of
 * the sticky header); `target` takes the focus, so screen readers read it out.
 */
export function revealAndFocus(area: HTMLElement, target: HTMLElement = area) {
  target.focus({ preventScroll: true })
  // jsdom has no scrollIntoView; browsers all do.
  area.scrollIntoView?.({ block: 'start', behavior: 'instant' })
}
