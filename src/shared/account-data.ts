import { z } from 'zod'
import { E } from './errors.ts'
import { bookingSchema } from './visits.ts'

/**
 * "Download my data" and "Delete my account" (Bahrain PDPL, docs/decisions/017). The export is
 * everything the site keeps about the signed-in account, as JSON.
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    role: z.string(),
    createdAt: z.string(),
  }),
  profile: z
    .object({
      firstName: z.string(),
      middleName: z.string().nullable(),
      lastName: z.string(),
      birthday: z.string().nullable(),
      mobileNumber: z.string().nullable(),
    })
    .nullable(),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      expiresAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      paymentMethod: z.string(),
      totalFils: z.number(),
      contactEmail: z.string(),
      createdAt: z.string(),
    }),
  ),
  bookings: z.array(bookingSchema),
  contactSubmissions: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      subject: z.string(),
      message: z.string(),
      attachmentName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  newsletterSubscription: z
    .object({ email: z.string(), language: z.string(), createdAt: z.string() })
    .nullable(),
  /** Waiting list requests (docs/booking.md, "Waiting list"). */
  waitlistRequests: z.array(
    z.object({
      venueId: z.string(),
      passId: z.string(),
      date: z.string(),
      time: z.string(),
      people: z.number(),
      status: z.string(),
      joinedAt: z.string(),
    }),
  ),
  /** Verified reviews written (docs/catalog.md, "Reviews"). */
  reviews: z.array(
    z.object({
      venueId: z.string(),
      visitDate: z.string(),
      passName: z.string(),
      stars: z.number(),
      text: z.string(),
      createdAt: z.string(),
      hiddenAt: z.string().nullable(),
      hiddenReason: z.string().nullable(),
    }),
  ),
  vendorApplications: z.array(
    z.object({
      id: z.number(),
      status: z.string(),
      venueName: z.string(),
      venueEmail: z.string(),
      contactFirstName: z.string(),
      contactLastName: z.string(),
      createdAt: z.string(),
    }),
  ),
})
export type AccountExport = z.infer<typeof accountExportSchema>

export const deleteAccountRequestSchema = z.object({
  password: z
    .string({ error: E.PASSWORD_REQUIRED })
    .min(1, E.PASSWORD_REQUIRED)
    .max(128, E.PASSWORD_TOO_LONG),
})
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>
