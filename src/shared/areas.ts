import { z } from 'zod'
import { isAreaId } from './area-names.ts'
import { areaSchema } from './catalog-api.ts'
import { E, type ErrorCode } from './errors.ts'
import { typedText } from './team.ts'

/**
 * The team's list of areas (docs/catalog.md, "Areas"; docs/decisions/053): each named in English and
 * Arabic. The vendor application form, the venue editor and the /gyms filter choose from it; the
 * team adds, renames and deactivates areas in its admin pages. Messages are error codes.
 */

/** An area chosen in a form: its id, from the list. */
export const chosenAreaSchema = z
  .string({ error: E.AREA_REQUIRED })
  .trim()
  .min(1, E.AREA_REQUIRED)
  .refine(isAreaId, E.AREA_UNKNOWN)

export const areaIdParamsSchema = z.object({ id: z.string().refine(isAreaId, E.AREA_NOT_FOUND) })

export { areaSchema }
export type Area = z.infer<typeof areaSchema>

/** The areas offered to choose from: the active ones. */
export const areaListSchema = z.object({ areas: z.array(areaSchema) })
export type AreaList = z.infer<typeof areaListSchema>

/** One area as the team's list shows it: whether it is offered, and what stands in it. */
export const adminAreaSchema = areaSchema.extend({
  active: z.boolean(),
  /** Venues in it, of any status. */
  venues: z.number().int(),
  /** Applications in it, decided or not. */
  applications: z.number().int(),
})
export type AdminArea = z.infer<typeof adminAreaSchema>
export const adminAreaListSchema = z.object({ areas: z.array(adminAreaSchema) })
export type AdminAreaList = z.infer<typeof adminAreaListSchema>

/** Arabic letters (as vendor-application.ts's `writtenInArabic`, not imported: it imports this). */
const writtenInArabic = (text: string) => /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/.test(text)

const areaName = (required: ErrorCode) =>
  z.string({ error: required }).trim().min(1, required).max(60, E.TOO_LONG).refine(typedText, E.INVALID_TEXT)

/** An area's names as the team types them: the Arabic one in Arabic letters. */
export const areaFormSchema = z.strictObject({
  nameEn: areaName(E.AREA_NAME_EN_REQUIRED),
  nameAr: areaName(E.AREA_NAME_AR_REQUIRED).refine(writtenInArabic, E.AREA_NAME_AR_NOT_ARABIC),
})
export type AreaFormInput = z.input<typeof areaFormSchema>

/** A rename, and whether it is still offered. */
export const areaUpdateSchema = areaFormSchema.extend({ active: z.boolean({ error: E.INVALID_VALUE }) })
export type AreaUpdateInput = z.input<typeof areaUpdateSchema>
