import type { DestinationStream } from 'pino'

/**
 * An e-mail address anywhere in a log line: in a message, a field, an error's text (SMTP servers
 * and PostgreSQL name the address they refused), or better-auth's own logs.
 */
const emailAddress = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g

/** The text with each address's local part masked; the domain stays, to tell a provider's problem. */
export function maskEmails(text: string): string {
  return text.replace(emailAddress, '***@$1')
}

/**
 * The logger's destination with every address masked on its way out (Bahrain PDPL: logs are kept
 * and read widely, and need no one's address). One place catches every line, whoever wrote it.
 */
export function maskingDestination(destination: DestinationStream = process.stdout): DestinationStream {
  return {
    write(line: string) {
      destination.write(line.includes('@') ? maskEmails(line) : line)
    },
  }
}

/**
 * Query parameters that carry a secret: a link's `token` (e-mail verification, unsubscribe) and the
 * payment result page's signed `t` (Tap sends the visitor back with it, docs/payments.md).
 */
const secretQueryParams = /([?&](?:token|t)=)[^&#]*/gi

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The URL as the log may show it: every path param that is not a plain id or slug (`:token`,
 * docs/security.md) and every `token=` of the query written `[redacted]`. `paths` are the route
 * table's patterns (the declared endpoints, the pages, better-auth's link); a param is a secret
 * unless `loggable` names it, so a new link endpoint is redacted without anyone remembering to.
 * A pattern matches its path's start, whatever follows (a trailing slash, a longer path, other
 * letter cases), so a variant of a link on its way to a 404 or a redirect is redacted too.
 */
export function urlRedactor(
  paths: readonly string[],
  loggable: ReadonlySet<string>,
): (url: string) => string {
  const patterns = [...new Set(paths)].flatMap((path) => {
    const parts = path.split('/').filter(Boolean)
    const secret = parts.map((part) => part.startsWith(':') && !loggable.has(part.slice(1)))
    if (!secret.includes(true)) return []
    const source = parts.map((part) => (part.startsWith(':') ? '([^/?#]+)' : escaped(part)))
    return [{ pattern: new RegExp(`^/+${source.join('/+')}(?=[/?#]|$)`, 'i'), secret }]
  })
  return (url) => {
    const queryAt = url.search(/[?#]/)
    let path = queryAt === -1 ? url : url.slice(0, queryAt)
    const rest = queryAt === -1 ? '' : url.slice(queryAt)
    for (const { pattern, secret } of patterns) {
      const match = pattern.exec(path)
      if (!match) continue
      // Rebuilt part by part: each captured param in turn, a secret one replaced.
      let index = 0
      const redacted = match[0].replace(/([^/]+)/g, (part) => {
        const isSecret = secret[index]
        index += 1
        return isSecret ? '[redacted]' : part
      })
      path = redacted + path.slice(match[0].length)
    }
    return path + rest.replace(secretQueryParams, '$1[redacted]')
  }
}
