import { describe, expect, it } from 'vitest'
import { E } from './errors.ts'
import { vatIncludedFils, vatOnFils, venueVatSchema, visitorPriceFils } from './vat.ts'

describe('VAT in fils', () => {
  it('finds the VAT a VAT-inclusive BD 14.000 holds: BD 1.273', () => {
    expect(vatIncludedFils(14_000)).toBe(1_273)
  })

  it('rounds once per line: 3 × BD 13.335 = BD 40.005 holds BD 3.637, not 3 × BD 1.212', () => {
    const lineTotal = 3 * 13_335
    expect(lineTotal).toBe(40_005)
    expect(vatIncludedFils(lineTotal)).toBe(3_637)
    expect(3 * vatIncludedFils(13_335)).toBe(3_636)
  })

  it('rounds halves up and keeps zero at zero', () => {
    expect(vatIncludedFils(0)).toBe(0)
    expect(vatIncludedFils(11)).toBe(1)
    expect(vatIncludedFils(55)).toBe(5)
    expect(vatIncludedFils(16)).toBe(1) // 1.4545…
    expect(vatIncludedFils(17)).toBe(2) // 1.5454…
    expect(vatOnFils(15)).toBe(2) // 1.5
    expect(vatOnFils(14)).toBe(1)
  })

  it('adds 10% to a registered venue’s VAT-exclusive price, rounded to the fils', () => {
    const exclusive = { vatRegistered: true, pricesIncludeVat: false }
    expect(visitorPriceFils(12_725, exclusive)).toBe(13_998) // 13.9975
    expect(visitorPriceFils(10_000, exclusive)).toBe(11_000)
    expect(visitorPriceFils(10_000, { vatRegistered: true, pricesIncludeVat: true })).toBe(10_000)
    expect(visitorPriceFils(10_000, { vatRegistered: false, pricesIncludeVat: false })).toBe(10_000)
  })
})

describe('the venue editor’s VAT form', () => {
  const parse = (form: unknown) => venueVatSchema.safeParse(form)
  const fieldError = (form: unknown) => parse(form).error?.issues[0]?.message

  it('takes a 15-digit number starting with 2, typed with spaces or Arabic-Indic digits', () => {
    expect(
      parse({ vatRegistered: true, vatNumber: '200000898300002', pricesIncludeVat: true }).data?.vatNumber,
    ).toBe('200000898300002')
    expect(
      parse({ vatRegistered: true, vatNumber: '٢٠٠٠ ٠٠٨٩ ٨٣٠٠ ٠٠٢', pricesIncludeVat: false }).data
        ?.vatNumber,
    ).toBe('200000898300002')
  })

  it('refuses a missing or malformed number for a registered venue, with its code', () => {
    expect(fieldError({ vatRegistered: true, vatNumber: '', pricesIncludeVat: true })).toBe(
      E.VAT_NUMBER_REQUIRED,
    )
    for (const bad of ['100000898300002', '20000089830000', '2000008983000021', '20000089830000A'])
      expect(fieldError({ vatRegistered: true, vatNumber: bad, pricesIncludeVat: true })).toBe(
        E.VAT_NUMBER_INVALID,
      )
  })

  it('needs no number when the venue is not registered', () => {
    expect(parse({ vatRegistered: false, vatNumber: '', pricesIncludeVat: true }).success).toBe(true)
  })
})
