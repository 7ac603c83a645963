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
 * - What is typed, chosen or ticked in a field stays in the field, and is noted (the latest of each
 *   field, kept by element, which hydration keeps too). The app's state still holds what the server
 *   drew, and the app may put that back in the field (hydrating a textarea, react-hook-form's
 *   `register`, any redraw of a controlled field), so as the app starts, `adoptEarlyTyping` gives
 *   each noted field the value noted, as events the app hears, before the held actions are
 *   replayed: a held submit sends what was typed. One way for every field the server draws; no
 *   form does anything of its own.
 * Actions are held until the replay, which follows `<html data-app-ready>` by a moment.
 * While something is held, `<html>` carries `data-early-busy` (a progress cursor) and the control
 * `data-early-pending`, so a tap is seen to have landed.
 *
 * `captureEarlyEvents` must be self-contained: it is sent as its source text.
 */
export function captureEarlyEvents() {
  const html = document.documentElement
  const held: { target: Element; event: Event }[] = []
  const typed = new Map<Element, EarlyValue>()
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
        // Held until the replay, not only until `data-app-ready`: the page's content is hydrated,
        // and the fields take what was typed, a moment after the app marks itself ready.
        if (!open || !event.isTrusted) return
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
  // Until the replay: what is typed after hydration is the app's too, and noting it does no harm.
  document.addEventListener(
    'input',
    (event) => {
      const field = event.target as HTMLInputElement & HTMLSelectElement
      if (!open || !event.isTrusted || !field.matches('input,textarea,select')) return
      typed.delete(field) // last in, last adopted: of a group's radios, the one chosen last wins
      typed.set(
        field,
        /^(checkbox|radio)$/.test(field.type)
          ? field.checked
          : field.options
            ? Array.from(field.options, (option) => option.selected)
            : field.value,
      )
    },
    true,
  )
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
  ;(window as EarlyEventsWindow).earlyEvents = { replay, typed }
}

/** A field's value as typed: a text, a box's or radio's `checked`, or a list's selected options. */
type EarlyValue = string | boolean | boolean[]

interface EarlyEventsWindow extends Window {
  earlyEvents?: { replay(): void; typed: Map<Element, EarlyValue> }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * Gives the app what was typed into the fields before it started, as if typed now: each noted
 * field (or, should the app have drawn it anew, the field with its id) takes its value again and
 * fires `input` and `change`, which React's `onChange` (controlled fields and react-hook-form's
 * `register` alike) and any other listener hear. Called once the app is ready, before
 * `replayEarlyEvents`; resolves once done.
 */
export async function adoptEarlyTyping(): Promise<void> {
  const typed = (window as EarlyEventsWindow).earlyEvents?.typed
  if (!typed) return
  const giveUpAt = performance.now() + hydrationWaitMs
  for (const noted of [...typed.keys()]) {
    const field = fieldFor(noted)
    if (field) await hydrated(field, giveUpAt)
  }
  // The latest value of each, with anything typed while waiting.
  const values = [...typed]
  typed.clear()
  for (const [noted, value] of values) {
    const field = fieldFor(noted)
    if (field) adopt(field, value)
  }
}

/** The noted field, or the one with its id should the app have drawn it anew; not a file field. */
function fieldFor(noted: Element): Field | undefined {
  const field = (noted.isConnected ? noted : noted.id && document.getElementById(noted.id)) as Field | null
  // A chosen file stays chosen (React leaves file fields alone), and cannot be set from a script.
  return field && field.type !== 'file' ? field : undefined
}

/** How long adopting waits for React to hydrate a field, before giving it its value anyway. */
const hydrationWaitMs = 10_000

/**
 * Resolves once React has hydrated the part of the page a field is in. A page's content is inside
 * `<Suspense>` boundaries, which React hydrates after the app has marked itself ready. Until then,
 * React stops every event aimed at that part before it reaches the field, and first tries to
 * hydrate the part at once (its selective hydration); so an `input` event, which changes nothing,
 * both asks for the hydration and tells whether it is done. Hydration then sees the field as it
 * is, before `adopt` changes it.
 */
async function hydrated(field: Field, giveUpAt: number) {
  for (;;) {
    let reached = false
    const reach = () => {
      reached = true
    }
    field.addEventListener('input', reach)
    field.dispatchEvent(new Event('input', { bubbles: true }))
    field.removeEventListener('input', reach)
    if (reached || performance.now() > giveUpAt) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * React fires `onChange` only when a field differs from the value it last saw there (its "value
 * tracker", which watches the element's own `value` and `checked` setters), and hydration saw the
 * typed text already in the field. So the field is first set to something else through that
 * watched setter, then to the typed value in a way React does not see: the prototype's setter for
 * a text, a real click for a box or radio (which also fires the events). `fireEvent.change` of
 * Testing Library does the same.
 */
function adopt(field: Field, value: EarlyValue) {
  if (typeof value === 'boolean') {
    const box = field as HTMLInputElement
    // A radio left unchecked was checked, then another of its group chosen: that one is adopted.
    if (box.type === 'radio' && !value) return
    box.checked = !value
    box.click()
    return
  }
  if (Array.isArray(value)) {
    const options = Array.from((field as HTMLSelectElement).options)
    options.forEach((option, index) => {
      option.selected = value[index] ?? false
    })
  } else {
    field.value = value ? '' : ' '
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value)
  }
  field.dispatchEvent(new Event('input', { bubbles: true }))
  field.dispatchEvent(new Event('change', { bubbles: true }))
}

/** Does what was held, now that the app handles it; without the app, the browser does it natively. */
export function replayEarlyEvents() {
  ;(window as EarlyEventsWindow).earlyEvents?.replay()
}
