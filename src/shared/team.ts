import { z } from 'zod'
import { emailSchema } from './accounts.ts'
import { localizedSchema } from './catalog-api.ts'
import { isoDateSchema } from './date-schemas.ts'
import { E } from './errors.ts'
import { phoneSchema } from './normalise/phone.ts'
import { roles } from './permissions.ts'

/**
 * The team's pages (docs/operating.md): the dashboard, users, settings and content. Checked by these schemas
 * in the browser and on the server; messages are error codes.
 */

/** Today in Bahrain, for the team's home. Money in fils. */
export const dashboardSchema = z.object({
  date: z.string(),
  bookings: z.number(),
  expected: z.number(),
  checkedIn: z.number(),
  paidOnlineFils: z.number(),
  dueAtVenueFils: z.number(),
  applicationsWaiting: z.number(),
})
export type Dashboard = z.infer<typeof dashboardSchema>

export const userPageSize = 20

/** No control characters (a NUL cannot even be stored): text a person typed. */
export const typedText = (value: string) =>
  ![...value].some((char) => {
    const code = char.charCodeAt(0)
    return (code < 32 && char !== '\t' && char !== '\n' && char !== '\r') || code === 127
  })

export const usersQuerySchema = z.object({
  search: z.string().trim().max(200, E.SEARCH_TOO_LONG).refine(typedText, E.INVALID_TEXT).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

export const userParamsSchema = z.object({
  userId: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, E.ACCOUNT_NOT_FOUND),
})

export const teamUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  active: z.boolean(),
  /** ISO 8601, or null before the first sign-in. */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
})
export type TeamUser = z.infer<typeof teamUserSchema>

export const userListSchema = z.object({
  users: z.array(teamUserSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
})
export type UserList = z.infer<typeof userListSchema>

const venueNameSchema = z.object({ id: z.string(), name: localizedSchema })

export const userHistoryEntrySchema = z.object({
  id: z.number(),
  actorEmail: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
})
export type UserHistoryEntry = z.infer<typeof userHistoryEntrySchema>

export const userDetailSchema = z.object({
  user: teamUserSchema.extend({ bookings: z.number(), staffVenueIds: z.array(z.string()) }),
  /** Every venue, for staff assignment. */
  venues: z.array(venueNameSchema),
  history: z.array(userHistoryEntrySchema),
})
export type UserDetail = z.infer<typeof userDetailSchema>

export const roleChangeSchema = z.strictObject({ role: z.enum(roles, { error: E.ROLE_INVALID }) })

export const holidaySchema = z.object({ date: z.string(), name: localizedSchema })
export type Holiday = z.infer<typeof holidaySchema>
export const holidayListSchema = z.object({ year: z.number(), holidays: z.array(holidaySchema) })

export const holidaysQuerySchema = z.object({
  year: z.coerce
    .number({ error: E.YEAR_INVALID })
    .int(E.YEAR_INVALID)
    .min(2000, E.YEAR_INVALID)
    .max(2100, E.YEAR_INVALID),
})
export const holidayParamsSchema = z.object({ date: isoDateSchema })

const holidayNameSchema = z
  .string()
  .trim()
  .min(1, E.HOLIDAY_NAME_REQUIRED)
  .max(100, E.HOLIDAY_NAME_REQUIRED)
  .refine(typedText, E.INVALID_TEXT)
export const holidayInputSchema = z.strictObject({
  date: isoDateSchema,
  name: z.strictObject({ en: holidayNameSchema, ar: holidayNameSchema }),
})
export type HolidayInput = z.infer<typeof holidayInputSchema>

/** The team's address and support line, shown in every mail's footer. */
export const contactSettingsSchema = z.strictObject({
  email: emailSchema,
  /** Optional ('' for none); written as people do, stored as E.164, shown formatted. */
  phone: phoneSchema({ invalid: E.SUPPORT_PHONE_INVALID }),
})
export type ContactSettings = z.infer<typeof contactSettingsSchema>
/** The settings as stored and answered: not checked again, so a number saved before is still shown. */
export const contactSettingsAnswerSchema = z.object({ email: z.string(), phone: z.string() })

const announcementTextSchema = z
  .string()
  .trim()
  .max(280, E.ANNOUNCEMENT_TOO_LONG)
  .refine(typedText, E.INVALID_TEXT)
/** The home page's banner; both texts empty means none. It shows until the end of `endsOn` in Bahrain. */
export const announcementSchema = z
  .strictObject({ en: announcementTextSchema, ar: announcementTextSchema, endsOn: isoDateSchema.nullable() })
  .refine((value) => Boolean(value.en) === Boolean(value.ar), {
    message: E.ANNOUNCEMENT_BOTH_LANGUAGES,
    path: ['ar'],
  })
export type Announcement = z.infer<typeof announcementSchema>

/** What the public home page shows: the banner's text while it runs, else null. */
export const publicAnnouncementSchema = z.object({ announcement: localizedSchema.nullable() })
export type PublicAnnouncement = z.infer<typeof publicAnnouncementSchema>
