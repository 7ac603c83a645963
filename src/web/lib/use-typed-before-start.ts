import { type RefObject, useEffect } from 'react'

/**
 * A field the server drew can be typed into before the app has started (docs/decisions/018). Once
 * the app is there, the field's state takes the text the visitor typed, so it is kept and used.
 */
export function useTypedBeforeStart(
  field: RefObject<HTMLInputElement | null>,
  value: string,
  setValue: (value: string) => void,
) {
  // Only on the first render: afterwards the field and the state move together.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reads the field once, as the app starts
  useEffect(() => {
    const typed = field.current?.value
    if (typed !== undefined && typed !== value) setValue(typed)
  }, [])
}

/** A form's text field as submitted: what is in the field, whatever the state has caught up with. */
export function submittedText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name)
  return typeof value === 'string' ? value : ''
}
