import { z } from 'zod'
import { emailSchema } from './accounts.ts'
import { isIsoDate, todayInBahrain } from './bahrain-time.ts'
import { inDateYears } from './date-schemas.ts'
import { E, type ErrorCode } from './errors.ts'
import { formatBhd, parseBhdToFils } from './money.ts'
import { typedDigits, westernNumber } from './normalise/digits.ts'

/**
 * The vendor registration form (docs/product.md, "What is stored"): a venue owner applies to be listed and the
 * team reviews the application (docs/decisions/002). Checked in the browser and again on the server.
 */
export const venueTypes = ['Gym', 'Hotel', 'Fitness Center'] as const
export type VenueType = (typeof venueTypes)[number]

export const facilityItems = ['Gym', 'Group Exercise room', 'Both'] as const
export type FacilityItem = (typeof facilityItems)[number]

export const facilityOptions = [
  'Sauna Room',
  'Steam Room',
  'Jacuzzi',
  'Spa',
  'Kids Play area',
  'Beach Access',
  'Other',
] as const
export type FacilityOption = (typeof facilityOptions)[number]

export const dayPassOptions = [
  'poolOnly',
  'gymOnly',
  'poolGym',
  'saunaSteam',
  'allInclusive',
  'beachAccess',
  'poolAccess',
] as const
export type DayPassOption = (typeof dayPassOptions)[number]

/** The names the team reads; the form shows these through its own catalogs. */
export const dayPassLabels: Record<DayPassOption, string> = {
  poolOnly: 'Pool only',
  gymOnly: 'Gym only',
  poolGym: 'Pool & gym',
  saunaSteam: 'Sauna & steam',
  allInclusive: 'All inclusive',
  beachAccess: 'Beach access',
  poolAccess: 'Pool access',
}

/** A venue application's hours: 24 hourly options, 00:00 to 23:00 (docs/product.md, "Constants"). */
export const hourlyTimes = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`)

/**
 * A price input keeps only digits and one decimal point, with at most 3 decimals
 * (fils). "12a.3.456" becomes "12.345"; Arabic-Indic and Persian digits become 0–9 ("١٢٫٥" is "12.5").
 */
export function sanitizePriceInput(text: string): string {
  const kept = westernNumber(text).replace(/[^\d.]/g, '')
  const point = kept.indexOf('.')
  if (point === -1) return kept
  const decimals = kept
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, 3)
  return `${kept.slice(0, point)}.${decimals}`
}

/** Why a typed price cannot be used (an error code), or undefined when it is a price above zero. */
export function priceProblem(text: string): ErrorCode | undefined {
  if (!text.trim()) return E.PRICE_REQUIRED
  const fils = parseBhdToFils(text)
  if (fils === undefined) return E.PRICE_INVALID
  return fils > 0 ? undefined : E.PRICE_ZERO
}

const requiredText = (required: ErrorCode, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, E.TOO_LONG)

/** A typed price, its digits read as 0–9: checked for length here, for its value only when its pass is chosen. */
const priceText = z.preprocess(typedDigits, z.string().trim().max(12, E.PRICE_INVALID))

const dayPassChoice = z.strictObject({ selected: z.boolean(), price: priceText }).superRefine((pass, ctx) => {
  const problem = pass.selected ? priceProblem(pass.price) : undefined
  if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem })
})

/** The free-text pass: optional, but a name needs a price and a price needs a name. */
const otherPass = z
  .strictObject({ name: z.string().trim().max(80, E.TOO_LONG), price: priceText })
  .superRefine((pass, ctx) => {
    if (!pass.name && !pass.price) return
    if (!pass.name) ctx.addIssue({ code: 'custom', path: ['name'], message: E.OTHER_PASS_NAME_REQUIRED })
    const problem = priceProblem(pass.price)
    if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem })
  })

/** yyyy-mm-dd; the form turns what is typed as dd/mm/yyyy into this once it is a real date. */
const dateText = (required: ErrorCode) =>
  z.preprocess(
    typedDigits,
    z
      .string({ error: required })
      .trim()
      .min(1, required)
      .refine((value) => isIsoDate(value), E.DATE_INVALID)
      .refine(inDateYears, E.DATE_OUT_OF_RANGE),
  )

const hour = (required: ErrorCode) => z.enum(hourlyTimes as [string, ...string[]], { error: required })

export const vendorApplicationSchema = z
  .strictObject({
    venueName: requiredText(E.VENUE_NAME_REQUIRED, 120),
    venueEmail: z
      .string({ error: E.VENUE_EMAIL_REQUIRED })
      .trim()
      .min(1, E.VENUE_EMAIL_REQUIRED)
      .pipe(emailSchema),
    contactFirstName: requiredText(E.CONTACT_FIRST_NAME_REQUIRED, 80),
    contactLastName: requiredText(E.CONTACT_LAST_NAME_REQUIRED, 80),
    venueType: z.enum(venueTypes, { error: E.VENUE_TYPE_REQUIRED }),
    facilityItem: z.enum(facilityItems, { error: E.FACILITY_REQUIRED }),
    facilityOptions: z
      .array(z.enum(facilityOptions))
      .max(facilityOptions.length)
      .refine((chosen) => new Set(chosen).size === chosen.length, E.FACILITY_REPEATED),
    otherFacilityOption: z.string().trim().max(120, E.TOO_LONG),
    dayPasses: z.strictObject({
      poolOnly: dayPassChoice,
      gymOnly: dayPassChoice,
      poolGym: dayPassChoice,
      saunaSteam: dayPassChoice,
      allInclusive: dayPassChoice,
      beachAccess: dayPassChoice,
      poolAccess: dayPassChoice,
    }),
    otherPass,
    availableStartDate: dateText(E.START_DATE_REQUIRED).refine(
      // Bahrain's today, whatever the device's or the server's time zone.
      (date) => !isIsoDate(date) || date >= todayInBahrain(),
      E.START_DATE_PAST,
    ),
    availableEndDate: dateText(E.END_DATE_REQUIRED),
    startTime: hour(E.START_TIME_REQUIRED),
    endTime: hour(E.END_TIME_REQUIRED),
    area: requiredText(E.AREA_REQUIRED, 80),
    city: requiredText(E.CITY_REQUIRED, 80),
    country: requiredText(E.COUNTRY_REQUIRED, 80),
  })
  .superRefine(
    (form, ctx) => {
      // Runs even when other fields failed (see `when`), so every value is checked before use.
      const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
      const options: unknown = form.facilityOptions
      if (Array.isArray(options) && options.includes('Other') && !text(form.otherFacilityOption))
        ctx.addIssue({
          code: 'custom',
          path: ['otherFacilityOption'],
          message: E.OTHER_FACILITY_REQUIRED,
        })
      // yyyy-mm-dd and HH:00 are fixed-width, so they compare as text. A pair is compared only when
      // both are valid: a missing field shows its own message, not this one.
      const [start, end] = [text(form.availableStartDate), text(form.availableEndDate)]
      if (isIsoDate(start) && isIsoDate(end) && end < start)
        ctx.addIssue({ code: 'custom', path: ['availableEndDate'], message: E.END_BEFORE_START })
      const [opens, closes] = [text(form.startTime), text(form.endTime)]
      if (hourlyTimes.includes(opens) && hourlyTimes.includes(closes) && closes <= opens)
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: E.END_TIME_NOT_AFTER_START })
    },
    // Cross-field messages show together with the other fields' messages, not one round later.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )

export type VendorApplicationInput = z.input<typeof vendorApplicationSchema>
export type VendorApplication = z.output<typeof vendorApplicationSchema>

/** A chosen pass as it is stored: prices in fils; `label` names the free-text pass. */
export interface StoredDayPass {
  option: DayPassOption | 'other'
  label?: string
  priceFils: number
}

/** The passes the applicant chose, in the form's order, priced in fils. */
export function chosenPasses(form: VendorApplication): StoredDayPass[] {
  const passes: StoredDayPass[] = dayPassOptions
    .filter((option) => form.dayPasses[option].selected)
    .map((option) => ({ option, priceFils: parseBhdToFils(form.dayPasses[option].price) ?? 0 }))
  if (form.otherPass.name)
    passes.push({
      option: 'other',
      label: form.otherPass.name,
      priceFils: parseBhdToFils(form.otherPass.price) ?? 0,
    })
  return passes
}

/** The English name of a stored pass, as the team reads it. */
export function passLabel(pass: Pick<StoredDayPass, 'option' | 'label'>): string {
  return pass.option === 'other' ? (pass.label ?? 'Other') : dayPassLabels[pass.option]
}

/** The application's reference as the venue, the team and the success screen quote it. */
export function applicationReference(id: number) {
  return `VA-${String(id).padStart(6, '0')}`
}

export const vendorApplicationStatuses = ['pending', 'approved', 'rejected'] as const
export type VendorApplicationStatus = (typeof vendorApplicationStatuses)[number]

export const submittedApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(vendorApplicationStatuses),
})

/** One row of the team's list. */
export const applicationSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(vendorApplicationStatuses),
  venueName: z.string(),
  venueType: z.enum(venueTypes),
  area: z.string(),
  city: z.string(),
  contactName: z.string(),
  venueEmail: z.string(),
  createdAt: z.string(),
})
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>

export const applicationListSchema = z.object({ applications: z.array(applicationSummarySchema) })
export type ApplicationList = z.infer<typeof applicationListSchema>

/** Everything the applicant sent, with each pass's price in fils and as shown ("BD 12.500"). */
export const applicationDetailSchema = applicationSummarySchema.extend({
  contactFirstName: z.string(),
  contactLastName: z.string(),
  facilityItem: z.enum(facilityItems),
  facilityOptions: z.array(z.enum(facilityOptions)),
  otherFacilityOption: z.string().nullable(),
  dayPasses: z.array(
    z.object({
      option: z.enum([...dayPassOptions, 'other']),
      label: z.string(),
      priceFils: z.number().int(),
      price: z.string(),
    }),
  ),
  availableStartDate: z.string(),
  availableEndDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  country: z.string(),
  language: z.string(),
  /** ISO 8601, once the team has approved or declined it. */
  decidedAt: z.string().nullable(),
  /** The address of the account that decided, while that account exists. */
  decidedByEmail: z.string().nullable(),
  /** Why it was declined, as the applicant was told. */
  decisionReason: z.string().nullable(),
  /** The draft venue made when it was approved. */
  venueId: z.string().nullable(),
})
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>

/** A stored pass as the detail answer shows it. */
export function describePass(pass: StoredDayPass): ApplicationDetail['dayPasses'][number] {
  return {
    option: pass.option,
    label: passLabel(pass),
    priceFils: pass.priceFils,
    price: formatBhd(pass.priceFils),
  }
}
