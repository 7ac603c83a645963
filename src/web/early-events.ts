/**
 * Catches what a visitor does between the first frame and the moment the app has started, and does
 * it again once the app is there (docs/decisions/018): the approach of Angular's event replay and
 * Google's jsaction. The server inlines `captureEarlyEvents` at the top of every page it sends (with
 * the page's CSP nonce), so it listens from the first byte; `replayEarlyEvents` runs once the app
 * has hydrated, or, if the app's code cannot be had, lets the browser do each action natively.
 *
 * - A tap on a button (the pass list, the language switch, the menu, a form's submit) is held and
 *   replayed on the same element, which hydration keeps. Enter in a search box is such a tap: the
 *   browser submits a form by clicking its default button.
 * - A form submitted without a button is held and submitted again.
 * - A key pressed outside a text field is held and sent again (Escape, arrows).
 * - Links are left alone: they work as plain links, and a full page load is sooner than waiting.
 * - Text typed into a field stays in the field, and the app adopts it as it starts.
 * While something is held, `<html>` carries `data-early-busy` (a progress cursor) and the control
 * `data-early-pending`, so a tap is seen to have landed.
 *
 * `captureEarlyEvents` must be self-contained: it is sent as its source text.
 */
export function captureEarlyEvents() {
  const html = document.documentElement
  const held: { target: Element; event: Event }[] = []
  let open = true
  const hold = (target: Element, event: Event) => {
    event.preventDefault()
    event.stopImmediatePropagation()
    held.push({ target, event })
    target.setAttribute('data-early-pending', '')
    html.setAttribute('data-early-busy', '')
  }
  const listen = (type: string, handle: (event: Event, target: Element) => void) =>
    document.addEventListener(
      type,
      (event) => {
        if (!open || !event.isTrusted || html.hasAttribute('data-app-ready')) return
        const target = event.target
        if (target instanceof Element) handle(event, target)
      },
      true,
    )
  listen('click', (event, target) => {
    const control = target.closest('button, [role="button"]')
    if (control && !control.closest('a[href]')) hold(control, event)
  })
  listen('submit', (event, target) => hold(target, event))
  listen('keydown', (event, target) => {
    const key = (event as KeyboardEvent).key
    const typing = target.closest('input, textarea, select, [contenteditable]')
    if (!typing && key !== 'Tab' && key !== 'Enter' && key !== ' ') hold(target, event)
  })
  const replay = () => {
    open = false
    html.removeAttribute('data-early-busy')
    for (const { target, event } of held.splice(0)) {
      target.removeAttribute('data-early-pending')
      if (!target.isConnected) continue
      if (event.type === 'click') (target as HTMLElement).click()
      else if (event.type === 'submit')
        (target as HTMLFormElement).requestSubmit((event as SubmitEvent).submitter)
      else target.dispatchEvent(new KeyboardEvent(event.type, event as KeyboardEvent))
    }
  }
  ;(window as EarlyEventsWindow).earlyEvents = { replay }
}

interface EarlyEventsWindow extends Window {
  earlyEvents?: { replay(): void }
}

/** Does what was held, now that the app handles it; without the app, the browser does it natively. */
export function replayEarlyEvents() {
  ;(window as EarlyEventsWindow).earlyEvents?.replay()
}
