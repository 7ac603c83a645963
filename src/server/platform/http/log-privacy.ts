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
