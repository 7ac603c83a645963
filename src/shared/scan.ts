import { z } from 'zod'
import { E, type ErrorCode } from './errors.ts'

/**
 * The equipment scanner (docs/scanner.md). The vision model only names one of the
 * equipment types below; the calories always come from their MET values in the 2024 Adult
 * Compendium of Physical Activities and the formula, never from the model (docs/decisions/014).
 */
export const equipmentIds = [
  'treadmill',
  'stationary-bike',
  'rowing-machine',
  'elliptical',
  'stair-climber',
  'free-weights',
  'kettlebell',
  'battle-ropes',
  'jump-rope',
  'swimming-pool',
] as const
export type EquipmentId = (typeof equipmentIds)[number]

export const efforts = ['light', 'moderate', 'vigorous'] as const
export type Effort = (typeof efforts)[number]

export interface Equipment {
  id: EquipmentId
  /** English name; the page shows the catalog's translation. */
  name: string
  /** Metabolic equivalents of each effort. */
  met: Record<Effort, number>
  /** The Compendium activity each effort's MET value is taken from. */
  effortMeaning: Record<Effort, string>
}

/**
 * The Compendium's values for each effort. Where it lists fewer than three activities for a
 * machine, two efforts share one value rather than inventing a figure it does not give.
 */
export const equipmentList: readonly Equipment[] = [
  {
    id: 'treadmill',
    name: 'Treadmill',
    met: { light: 4.8, moderate: 5.5, vigorous: 9.3 },
    effortMeaning: {
      light: 'Walking at 3.5–3.9 mph (5.6–6.3 km/h)',
      moderate: 'Walking at 4.0–4.4 mph (6.4–7.1 km/h)',
      vigorous: 'Running at 6 mph (9.7 km/h)',
    },
  },
  {
    id: 'stationary-bike',
    name: 'Stationary bike',
    met: { light: 4.0, moderate: 6.8, vigorous: 10.3 },
    effortMeaning: {
      light: 'Cycling at 50 watts',
      moderate: 'Cycling at 101–125 watts',
      vigorous: 'Cycling at 151–199 watts',
    },
  },
  {
    id: 'rowing-machine',
    name: 'Rowing machine',
    met: { light: 5.0, moderate: 7.5, vigorous: 11.0 },
    effortMeaning: {
      light: 'Rowing at under 100 watts',
      moderate: 'Rowing at 100–149 watts',
      vigorous: 'Rowing at 150–199 watts',
    },
  },
  {
    id: 'elliptical',
    name: 'Elliptical',
    met: { light: 5.0, moderate: 5.0, vigorous: 9.0 },
    effortMeaning: {
      light: 'Moderate effort (the lowest value the Compendium gives)',
      moderate: 'Moderate effort',
      vigorous: 'Vigorous effort',
    },
  },
  {
    id: 'stair-climber',
    name: 'Stair climber',
    met: { light: 4.5, moderate: 9.3, vigorous: 9.3 },
    effortMeaning: {
      light: 'Climbing stairs slowly',
      moderate: 'Stair-treadmill',
      vigorous: 'Stair-treadmill',
    },
  },
  {
    id: 'free-weights',
    name: 'Free weights and machines',
    met: { light: 3.5, moderate: 5.0, vigorous: 6.0 },
    effortMeaning: {
      light: 'Sets of 8–15 repetitions',
      moderate: 'Squats and deadlifts',
      vigorous: 'Power lifting',
    },
  },
  {
    id: 'kettlebell',
    name: 'Kettlebell',
    met: { light: 7.5, moderate: 7.5, vigorous: 9.8 },
    effortMeaning: {
      light: 'Vigorous circuit training',
      moderate: 'Vigorous circuit training',
      vigorous: 'Kettlebell swings',
    },
  },
  {
    id: 'battle-ropes',
    name: 'Battle ropes',
    met: { light: 7.5, moderate: 7.5, vigorous: 7.5 },
    effortMeaning: {
      light: 'Vigorous calisthenics (one value for every effort)',
      moderate: 'Vigorous calisthenics (one value for every effort)',
      vigorous: 'Vigorous calisthenics (one value for every effort)',
    },
  },
  {
    id: 'jump-rope',
    name: 'Jump rope',
    met: { light: 8.3, moderate: 11.8, vigorous: 12.3 },
    effortMeaning: { light: 'Slow pace', moderate: 'Moderate pace', vigorous: 'Fast pace' },
  },
  {
    id: 'swimming-pool',
    name: 'Swimming pool',
    met: { light: 5.3, moderate: 5.8, vigorous: 9.8 },
    effortMeaning: {
      light: 'Recreational breaststroke',
      moderate: 'Slow freestyle',
      vigorous: 'Fast freestyle',
    },
  },
]

export function equipmentById(id: EquipmentId): Equipment {
  const equipment = equipmentList.find((item) => item.id === id)
  if (!equipment) throw new Error(`Unknown equipment ${id}`)
  return equipment
}

/** Gross energy (resting included) burnt per minute: MET × 3.5 × kg ÷ 200. */
export function kcalPerMinute(met: number, kg: number): number {
  return (met * 3.5 * kg) / 200
}

export interface EffortCalories {
  met: number
  /** Rounded to one decimal, for display. */
  perMinute: number
  /** For the whole session, rounded to a whole kilocalorie from the unrounded rate. */
  total: number
}

/** Calories of a session on the equipment at each effort, for the user's weight and minutes. */
export function caloriesFor({
  equipment,
  kg,
  minutes,
}: {
  equipment: EquipmentId
  kg: number
  minutes: number
}): Record<Effort, EffortCalories> {
  const { met } = equipmentById(equipment)
  const at = (effort: Effort): EffortCalories => {
    const rate = kcalPerMinute(met[effort], kg)
    return { met: met[effort], perMinute: Math.round(rate * 10) / 10, total: Math.round(rate * minutes) }
  }
  return { light: at('light'), moderate: at('moderate'), vigorous: at('vigorous') }
}

export const weightLimits = { min: 30, max: 250, default: 70 } as const
export const minutesLimits = { min: 1, max: 300, default: 30 } as const

/** The user's weight and session length, checked as they are typed. */
export const calorieInputSchema = z.object({
  kg: z
    .number({ error: E.WEIGHT_RANGE })
    .min(weightLimits.min, E.WEIGHT_RANGE)
    .max(weightLimits.max, E.WEIGHT_RANGE),
  minutes: z
    .number({ error: E.MINUTES_RANGE })
    .int(E.MINUTES_RANGE)
    .min(minutesLimits.min, E.MINUTES_RANGE)
    .max(minutesLimits.max, E.MINUTES_RANGE),
})
export type CalorieInput = z.infer<typeof calorieInputSchema>

export const scanImageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
export type ScanImageType = (typeof scanImageTypes)[number]
export const maxScanImageBytes = 10 * 1024 * 1024

/** The spec's checks on a chosen or dropped file: the error's code, or undefined when it may be analysed. */
export function scanImageProblem(file: { type: string; size: number }): ErrorCode | undefined {
  if (!(scanImageTypes as readonly string[]).includes(file.type)) return E.NOT_AN_IMAGE
  if (file.size >= maxScanImageBytes) return E.IMAGE_TOO_LARGE
  return undefined
}

export const scanRequestSchema = z.object({
  /** The image's bytes, base64 without a data: prefix. */
  imageBase64: z
    .string()
    .min(1, E.NOT_AN_IMAGE)
    .max(Math.ceil(maxScanImageBytes / 3) * 4, E.IMAGE_TOO_LARGE)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, E.IMAGE_UNREADABLE),
})
export type ScanRequest = z.infer<typeof scanRequestSchema>

const metSchema = z.object({ light: z.number(), moderate: z.number(), vigorous: z.number() })

/** What the model recognised: one listed equipment type, or null when it saw none. */
export const scanResultSchema = z.object({
  equipment: z.object({ id: z.enum(equipmentIds), name: z.string(), met: metSchema }).nullable(),
  /** The model's own confidence, 0 to 1. */
  confidence: z.number().min(0).max(1),
})
export type ScanResult = z.infer<typeof scanResultSchema>

export const scanConfigSchema = z.object({
  /** A vision model is configured; without one the page offers a manual equipment picker. */
  automatic: z.boolean(),
})
export type ScanConfig = z.infer<typeof scanConfigSchema>
