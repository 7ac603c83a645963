import { describe, expect, it } from 'vitest'
import { attachmentProblem, maxAttachmentBytes } from './contact.ts'

describe('the contact attachment checks', () => {
  it('accept images and PDFs under 5MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'])
      expect(attachmentProblem({ type, size: 1024 })).toBeUndefined()
    expect(attachmentProblem({ type: 'image/png', size: maxAttachmentBytes - 1 })).toBeUndefined()
  })

  it('refuse other types and files of 5MB or more with the spec’s messages', () => {
    for (const type of ['text/plain', 'application/x-msdownload', 'image/svg+xml', ''])
      expect(attachmentProblem({ type, size: 10 })).toBe('ATTACHMENT_TYPE')
    expect(attachmentProblem({ type: 'application/pdf', size: maxAttachmentBytes })).toBe(
      'ATTACHMENT_TOO_LARGE',
    )
  })
})
