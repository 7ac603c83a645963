import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bhdToFils, filsToBhd } from './tap.ts'
import { tapCustomer } from './tap-provider.ts'
import { tapSignedText, verifyTapSignature } from './tap-signature.ts'

const charge = {
  id: 'chg_TS02A5720231433Qs1w0809820',
  amount: 14,
  currency: 'BHD',
  status: 'CAPTURED',
  reference: { gateway: '123456789012', payment: '3012231433208095618' },
  transaction: { created: '1703944433200' },
}
const key = 'sk_test_XKokBfNWv6FIYuTMg5sLPjhJ'
const sign = (text: string) => createHmac('sha256', key).update(text).digest('hex')

describe('Tap’s webhook signature', () => {
  it('signs the documented fields in order, the amount to BHD’s 3 decimals', () => {
    expect(tapSignedText(charge)).toBe(
      'x_idchg_TS02A5720231433Qs1w0809820x_amount14.000x_currencyBHDx_gateway_reference123456789012' +
        'x_payment_reference3012231433208095618x_statusCAPTUREDx_created1703944433200',
    )
    // Two decimals for a currency that has two.
    expect(tapSignedText({ ...charge, currency: 'USD', amount: 14.5 })).toContain(
      'x_amount14.50x_currencyUSD',
    )
  })

  it('accepts Tap’s signature and nothing else: another key, a changed field, none at all', () => {
    const good = sign(tapSignedText(charge))
    expect(verifyTapSignature(charge, good, key)).toBe(true)
    expect(verifyTapSignature(charge, good.toUpperCase(), key)).toBe(true)
    expect(
      verifyTapSignature(
        charge,
        createHmac('sha256', 'sk_test_other').update(tapSignedText(charge)).digest('hex'),
        key,
      ),
    ).toBe(false)
    expect(verifyTapSignature({ ...charge, amount: 1 }, good, key)).toBe(false)
    expect(verifyTapSignature({ ...charge, status: 'DECLINED' }, good, key)).toBe(false)
    expect(verifyTapSignature(charge, undefined, key)).toBe(false)
    expect(verifyTapSignature(charge, '', key)).toBe(false)
    expect(verifyTapSignature(charge, good.slice(1), key)).toBe(false)
    expect(verifyTapSignature(charge, good, '')).toBe(false)
    expect(verifyTapSignature('not a charge', good, key)).toBe(false)
  })
})

describe('Tap’s amounts and customer', () => {
  it('writes fils as BHD with 3 decimals and reads Tap’s amounts back exactly', () => {
    expect(filsToBhd(14_000)).toBe('14.000')
    expect(filsToBhd(13_335)).toBe('13.335')
    expect(filsToBhd(5)).toBe('0.005')
    expect(bhdToFils(14)).toBe(14_000)
    expect(bhdToFils('13.335')).toBe(13_335)
    expect(bhdToFils(9.999)).toBe(9999)
    expect(bhdToFils('1e3')).toBeNaN()
  })

  it('splits an E.164 phone into Tap’s country code and number, and leaves out one it cannot read', () => {
    expect(
      tapCustomer({ firstName: 'F', lastName: 'S', email: 'f@example.bh', phone: '+97333123456' }),
    ).toEqual({
      first_name: 'F',
      last_name: 'S',
      email: 'f@example.bh',
      phone: { country_code: '973', number: '33123456' },
    })
    expect(
      tapCustomer({ firstName: 'F', lastName: 'S', email: 'f@example.bh', phone: '' }),
    ).not.toHaveProperty('phone')
  })
})
