import { describe, expect, it } from 'vitest'
import {
  calorieInputSchema,
  caloriesFor,
  equipmentById,
  equipmentIds,
  equipmentList,
  kcalPerMinute,
  maxScanImageBytes,
  scanImageProblem,
  scanRequestSchema,
} from './scan.ts'

describe('kcalPerMinute', () => {
  it('is MET × 3.5 × kg ÷ 200, as in the Compendium’s example', () => {
    expect(kcalPerMinute(8, 70)).toBeCloseTo(9.8, 10)
    expect(kcalPerMinute(1, 200)).toBeCloseTo(3.5, 10)
    expect(kcalPerMinute(9.3, 0)).toBe(0)
  })
})

describe('caloriesFor', () => {
  it('gives each effort’s rate and session total for the weight and minutes', () => {
    const treadmill = caloriesFor({ equipment: 'treadmill', kg: 70, minutes: 30 })
    // 9.3 × 3.5 × 70 ÷ 200 = 11.3925 kcal a minute; × 30 = 341.775
    expect(treadmill.vigorous).toEqual({ met: 9.3, perMinute: 11.4, total: 342 })
    // 4.8 × 3.5 × 70 ÷ 200 × 30 = 176.4; 5.5 → 202.125
    expect(treadmill.light).toEqual({ met: 4.8, perMinute: 5.9, total: 176 })
    expect(treadmill.moderate).toEqual({ met: 5.5, perMinute: 6.7, total: 202 })
  })

  it('rounds the total from the exact rate, not from the rounded one', () => {
    // 12.3 × 3.5 × 83 ÷ 200 = 17.86575 a minute: rounded rate 17.9 × 300 would give 5370.
    const rope = caloriesFor({ equipment: 'jump-rope', kg: 83, minutes: 300 })
    expect(rope.vigorous).toEqual({ met: 12.3, perMinute: 17.9, total: 5360 })
  })

  it('grows in proportion to weight and minutes', () => {
    // 7.5 × 3.5 × 80 ÷ 200 = 10.5 kcal a minute, 210 in 20 minutes.
    expect(caloriesFor({ equipment: 'rowing-machine', kg: 80, minutes: 20 }).moderate.total).toBe(210)
    expect(caloriesFor({ equipment: 'rowing-machine', kg: 160, minutes: 20 }).moderate.total).toBe(420)
    expect(caloriesFor({ equipment: 'rowing-machine', kg: 80, minutes: 40 }).moderate.total).toBe(420)
  })
})

describe('the equipment list', () => {
  it('holds the ten Compendium rows, each with rising or equal MET values and a meaning per effort', () => {
    expect(equipmentList.map((item) => item.id)).toEqual([...equipmentIds])
    for (const item of equipmentList) {
      expect(item.met.light).toBeLessThanOrEqual(item.met.moderate)
      expect(item.met.moderate).toBeLessThanOrEqual(item.met.vigorous)
      for (const meaning of Object.values(item.effortMeaning)) expect(meaning.length).toBeGreaterThan(3)
    }
    expect(equipmentById('swimming-pool').met).toEqual({ light: 5.3, moderate: 5.8, vigorous: 9.8 })
    expect(equipmentById('jump-rope').met).toEqual({ light: 8.3, moderate: 11.8, vigorous: 12.3 })
  })
})

describe('weight and minutes', () => {
  const check = (kg: number, minutes: number) => {
    const result = calorieInputSchema.safeParse({ kg, minutes })
    return result.success ? 'ok' : result.error.issues.map((issue) => issue.message)
  }

  it('accept 30 to 250 kg (decimals too) and 1 to 300 whole minutes', () => {
    expect(check(30, 1)).toBe('ok')
    expect(check(250, 300)).toBe('ok')
    expect(check(72.5, 45)).toBe('ok')
  })

  it('refuse anything else with a clear message', () => {
    expect(check(29.9, 30)).toEqual(['WEIGHT_RANGE'])
    expect(check(251, 30)).toEqual(['WEIGHT_RANGE'])
    expect(check(Number.NaN, 30)).toEqual(['WEIGHT_RANGE'])
    expect(check(70, 0)).toEqual(['MINUTES_RANGE'])
    expect(check(70, 301)).toEqual(['MINUTES_RANGE'])
    expect(check(70, 12.5)).toEqual(['MINUTES_RANGE'])
    expect(check(70, Number.NaN)).toEqual(['MINUTES_RANGE'])
  })
})

describe('the image', () => {
  it('must be a JPEG, PNG, GIF or WebP under 10MB', () => {
    expect(scanImageProblem({ type: 'image/jpeg', size: maxScanImageBytes - 1 })).toBeUndefined()
    expect(scanImageProblem({ type: 'image/webp', size: 1000 })).toBeUndefined()
    expect(scanImageProblem({ type: 'image/png', size: maxScanImageBytes })).toBe('IMAGE_TOO_LARGE')
    expect(scanImageProblem({ type: 'application/pdf', size: 1000 })).toBe('NOT_AN_IMAGE')
    expect(scanImageProblem({ type: '', size: 1000 })).toBe('NOT_AN_IMAGE')
  })

  it('is sent as plain base64, and one well over 10MB is refused with the spec’s message', () => {
    expect(scanRequestSchema.safeParse({ imageBase64: 'iVBORw0KGgo=' }).success).toBe(true)
    expect(scanRequestSchema.safeParse({ imageBase64: 'data:image/png;base64,iVBORw0KGgo=' }).success).toBe(
      false,
    )
    const huge = scanRequestSchema.safeParse({ imageBase64: 'A'.repeat(14_000_000) })
    expect(huge.error?.issues[0]?.message).toBe('IMAGE_TOO_LARGE')
  })
})
