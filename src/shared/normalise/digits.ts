/**
 * Digits as people in Bahrain type them. Phones and keyboards set to Arabic write Arabic-Indic
 * digits (٠١٢٣٤٥٦٧٨٩, U+0660–0669); Persian keyboards, common in the region, write the extended
 * ones (۰۱۲۳۴۵۶۷۸۹, U+06F0–06F9). Every form that takes digits reads them as 0–9 through these
 * functions, in the browser and on the server alike, so "٤٨٢٩١٠" is the code 482910 everywhere.
 */

const arabicIndicZero = 0x0660
const persianZero = 0x06f0

/** The text with every Arabic-Indic and Persian digit written as 0–9; everything else as it was. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0)
    return String(code - (code >= persianZero ? persianZero : arabicIndicZero))
  })
}

/**
 * A typed decimal number: digits as above, and the Arabic decimal separator (٫, U+066B) as a point.
 * The Arabic thousands separator (٬, U+066C) is dropped, as people add it only for readability.
 */
export function westernNumber(text: string): string {
  return westernDigits(text)
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, '')
}

/**
 * For zod: `z.preprocess(typedDigits, schema)` reads a typed value's digits before the schema checks
 * it. Typed as taking text, so the form's input type stays a string; at run time anything but a
 * string passes through untouched, and the schema's own type error shows.
 */
export function typedDigits(value: string): string {
  return typeof value === 'string' ? westernNumber(value) : value
}

/**
 * A number typed into a form field, for fields whose schema wants a number (places, hours,
 * percent): its digits read as above, '' or anything but a plain decimal number is NaN, which the
 * schema refuses with the field's own message.
 */
export function typedNumber(value: unknown): number {
  if (typeof value === 'number') return value
  const text = typeof value === 'string' ? westernNumber(value).trim() : ''
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN
}
