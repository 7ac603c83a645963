import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { accountNameSchema } from './accounts.ts'
import { orderGuestSchema } from './checkout.ts'
import { E } from './errors.ts'
import { acceptInvitationSchema } from './invitations.ts'
import { registrationSchema } from './registration.ts'
import { reviewSubmissionSchema } from './reviews.ts'
import { vendorApplicationSchema } from './vendor-application.ts'

/** A right-to-left override and an isolate: each turns the text that follows around. */
const turned = ['Sara \u202eilA', 'Sara \u2067ilA\u2069']

/** The fields a schema refuses `value` in as INVALID_TEXT. */
function refusedIn(schema: z.ZodType, input: Record<string, unknown>): string[] {
  const result = schema.safeParse(input)
  if (result.success) return []
  return result.error.issues
    .filter((issue) => issue.message === E.INVALID_TEXT)
    .map((issue) => issue.path.join('.'))
}

describe('names refuse direction controls, as reviews do', () => {
  it.each(turned)('in %j', (name) => {
    expect(accountNameSchema.safeParse(name).error?.issues[0]?.message).toBe(E.INVALID_TEXT)
    expect(refusedIn(acceptInvitationSchema, { name, password: 'a long passphrase 1' })).toEqual(['name'])
    expect(refusedIn(registrationSchema, { firstName: name, middleName: name, lastName: name })).toEqual([
      'firstName',
      'middleName',
      'lastName',
    ])
    expect(refusedIn(orderGuestSchema, { firstName: name, lastName: name })).toEqual([
      'firstName',
      'lastName',
    ])
    expect(
      refusedIn(vendorApplicationSchema, {
        venueNameEn: name,
        venueNameAr: name,
        contactFirstName: name,
        contactLastName: name,
      }),
    ).toEqual(['venueNameEn', 'venueNameAr', 'contactFirstName', 'contactLastName'])
    expect(refusedIn(reviewSubmissionSchema, { stars: 5, text: name })).toEqual(['text'])
  })

  it('takes names in Arabic and English, with their own direction marks', () => {
    for (const name of ['هدى علي', 'Huda Ali', 'Jean-Luc O’Neil', 'Sara\u200f Ali'])
      expect(accountNameSchema.safeParse(name).success, name).toBe(true)
  })
})
