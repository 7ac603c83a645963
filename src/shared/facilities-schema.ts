import { z } from 'zod'
import { E } from './errors.ts'
import { facilities } from './facilities.ts'

/**
 * A list of facilities, none required, each at most once: the venue editor's and the application
 * form's. Apart from the list itself, which the public filters read, so their pages load no zod.
 */
export const facilitiesSchema = z
  .array(z.enum(facilities, { error: E.FACILITY_INVALID }), { error: E.FACILITY_INVALID })
  .max(facilities.length, E.FACILITY_REPEATED)
  .refine((chosen) => new Set(chosen).size === chosen.length, E.FACILITY_REPEATED)
