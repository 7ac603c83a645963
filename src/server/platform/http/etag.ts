/**
 * Whether an If-None-Match header names `etag` (quoted, as sent in the ETag header), so the answer
 * is a 304. The comparison is the weak one RFC 9110 asks for here: `W/"x"` matches `"x"`; `*`
 * matches anything there is.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
