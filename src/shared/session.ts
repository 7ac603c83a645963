import { z } from 'zod'
import { permissionNames, roles } from './permissions.ts'

/** What the web app knows about the visitor: who they are and what they may do. */
export const sessionSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      role: z.enum(roles),
      isGuest: z.boolean(),
    })
    .nullable(),
  permissions: z.array(z.enum(permissionNames)),
})

export type Session = z.infer<typeof sessionSchema>
