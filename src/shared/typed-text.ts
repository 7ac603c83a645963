/**
 * Text a person typed: no control characters (tab and line breaks aside), no direction overrides
 * or isolates (U+202A–U+202E, U+2066–U+2069), which would turn what others read around (a name in
 * a list, a review, a mail). Names and reviews are checked with it wherever they are set.
 */
export function isTypedText(value: string): boolean {
  return ![...value].some((char) => {
    const code = char.codePointAt(0) ?? 0
    if (code < 32) return char !== '\t' && char !== '\n' && char !== '\r'
    return code === 127 || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)
  })
}
