import { expect, it } from 'vitest'
import { newsletterEmailError } from './newsletter.ts'

it('gives the spec messages for the newsletter address', () => {
  expect(newsletterEmailError('')).toBe('Email is required')
  expect(newsletterEmailError('  ')).toBe('Email is required')
  expect(newsletterEmailError('a@')).toBe('Please enter a valid email address')
  expect(newsletterEmailError(' a@b.bh ')).toBeUndefined()
})
