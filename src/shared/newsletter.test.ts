import { expect, it } from 'vitest'
import { newsletterEmailError } from './newsletter.ts'

it('gives the spec messages for the newsletter address', () => {
  expect(newsletterEmailError('')).toBe('EMAIL_REQUIRED')
  expect(newsletterEmailError('  ')).toBe('EMAIL_REQUIRED')
  expect(newsletterEmailError('a@')).toBe('EMAIL_INVALID')
  expect(newsletterEmailError(' a@b.bh ')).toBeUndefined()
})
