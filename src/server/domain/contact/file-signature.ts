import type { AttachmentType } from '../../../shared/contact.ts'

/**
 * The type a file really is, from its first bytes, whatever its name or declared type say.
 * Only the types the contact form accepts are recognised.
 */
export function sniffType(bytes: Uint8Array): AttachmentType | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte)
  const ascii = (from: number, text: string) =>
    [...text].every((char, index) => bytes[from + index] === char.charCodeAt(0))
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif'
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp'
  if (ascii(0, '%PDF-')) return 'application/pdf'
  return undefined
}

const extensions: Record<AttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
}

/**
 * The name an attachment is stored and mailed under: the submission's id and the extension of the
 * type its bytes really are. The sender's own name for it is only ever shown as text, so a
 * PDF/HTML polyglot named `invoice.html` cannot reach the team as something a mail client or browser
 * would open as a web page.
 */
export function attachmentFileName(submissionId: number, type: AttachmentType): string {
  return `attachment-${submissionId}.${extensions[type]}`
}
