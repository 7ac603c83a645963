/**
 * Puts values into a text's `{name}` placeholders, each value inserted literally. `String.replace`
 * with a string as the replacement would expand `$&`, `` $` `` and `$'` in a value into parts of the
 * text around it: a name like `$'` would copy the rest of the mail's sentence into itself.
 * Placeholders without a value are left as they are.
 */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : placeholder,
  )
}
