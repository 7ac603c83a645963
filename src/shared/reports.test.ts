import { describe, expect, it } from 'vitest'
import {
  basisPointsFromPercent,
  commissionFils,
  monthRange,
  presetRange,
  reportQuerySchema,
  statementAmounts,
  statementTotals,
} from './reports.ts'

describe('statement arithmetic', () => {
  it('adds 3 visits of BD 13.335 at 15% up to the fils: each commission rounded once, totals the sums', () => {
    const lines = [1, 2, 3].map(() => statementAmounts(13_335, 1500, 'online'))
    expect(lines[0]).toEqual({
      grossFils: 13_335,
      commissionFils: 2000, // 2000.25 rounded once
      commissionVatFils: 200,
      atVenueFils: 0,
      onlineFils: 13_335,
      owedToVenueFils: 11_135,
    })
    const totals = statementTotals(lines)
    expect(totals).toEqual({
      grossFils: 40_005,
      commissionFils: 6000,
      commissionVatFils: 600,
      atVenueFils: 0,
      onlineFils: 40_005,
      owedToVenueFils: 33_405,
    })
    // Every total is its column's sum, and the balance is gross less commission and its VAT less what the venue holds.
    expect(totals.grossFils - totals.commissionFils - totals.commissionVatFils - totals.atVenueFils).toBe(
      totals.owedToVenueFils,
    )
  })

  it('charges the venue the commission on what it collected itself', () => {
    expect(statementAmounts(14_000, 1500, 'cash')).toEqual({
      grossFils: 14_000,
      commissionFils: 2100,
      commissionVatFils: 210,
      atVenueFils: 14_000,
      onlineFils: 0,
      owedToVenueFils: -2310,
    })
  })

  it('rounds half up, in integers', () => {
    expect(commissionFils(13_330, 1250)).toBe(1666) // 1666.25
    expect(commissionFils(10_005, 1000)).toBe(1001) // 1000.5
    expect(commissionFils(1_000_000, 10_000)).toBe(1_000_000)
    expect(commissionFils(13_335, 0)).toBe(0)
  })

  it('takes a percentage with at most two decimals, 0 to 100', () => {
    expect(basisPointsFromPercent(15)).toBe(1500)
    expect(basisPointsFromPercent(12.5)).toBe(1250)
    expect(basisPointsFromPercent(0.07)).toBe(7)
    expect(basisPointsFromPercent(12.345)).toBeUndefined()
    expect(basisPointsFromPercent(100.01)).toBeUndefined()
    expect(basisPointsFromPercent(-1)).toBeUndefined()
    expect(basisPointsFromPercent(Number.NaN)).toBeUndefined()
  })
})

describe('report ranges', () => {
  it('gives this week from Sunday, and this and last month whole, around Bahrain’s today', () => {
    expect(presetRange('thisWeek', '2026-12-01')).toEqual({ from: '2026-11-29', to: '2026-12-05' })
    expect(presetRange('thisWeek', '2026-11-29')).toEqual({ from: '2026-11-29', to: '2026-12-05' })
    expect(presetRange('thisMonth', '2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
    expect(presetRange('lastMonth', '2026-12-01')).toEqual({ from: '2026-11-01', to: '2026-11-30' })
    expect(presetRange('lastMonth', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
  })

  it('refuses a range backwards or longer than 366 days', () => {
    const ok = (from: string, to: string) => reportQuerySchema.safeParse({ from, to }).success
    expect(ok('2026-12-01', '2026-12-01')).toBe(true)
    expect(ok('2026-01-01', '2027-01-01')).toBe(true)
    expect(ok('2026-01-01', '2027-01-02')).toBe(false)
    expect(ok('2026-12-02', '2026-12-01')).toBe(false)
    expect(ok('2026-02-30', '2026-03-01')).toBe(false)
  })
})
