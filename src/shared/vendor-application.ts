import { z } from 'zod'
import { emailSchema } from './accounts.ts'
import { isIsoDate, todayInBahrain } from './bahrain-time.ts'
import { formatBhd, parseBhdToFils } from './money.ts'

/**
 * The vendor registration form (SPEC sections 3 and 5): a venue owner applies to be listed and the
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

/** SPEC section 9: 24 hourly options, 00:00 to 23:00. */
export const hourlyTimes = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`)

export const vendorMessages = {
  venueNameRequired: 'Venue name is required',
  venueEmailRequired: 'Venue email is required',
  invalidEmail: 'Please enter a valid email address',
  firstNameRequired: 'Contact first name is required',
  lastNameRequired: 'Contact last name is required',
  venueTypeRequired: 'Please choose the venue type',
  facilityItemRequired: 'Please choose the facility',
  otherFacilityRequired: 'Please describe the other facility',
  priceRequired: 'Please enter a price for this pass',
  priceInvalid: 'Please enter a price in BD, such as 12.500',
  priceZero: 'The price must be more than BD 0.000',
  otherPassNameRequired: 'Please name the other pass',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  dateInvalid: 'Please enter a valid date (dd/mm/yyyy)',
  startDatePast: 'The start date cannot be in the past',
  endBeforeStart: 'The end date cannot be before the start date',
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  endTimeNotAfterStart: 'The end time must be after the start time',
  areaRequired: 'Area is required',
  cityRequired: 'City is required',
  countryRequired: 'Country is required',
  tooLong: 'This is too long',
} as const

/**
 * SPEC section 5: a price input keeps only digits and one decimal point, with at most 3 decimals
 * (fils). "12a.3.456" becomes "12.345".
 */
export function sanitizePriceInput(text: string): string {
  const kept = text.replace(/[^\d.]/g, '')
  const point = kept.indexOf('.')
  if (point === -1) return kept
  const decimals = kept
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, 3)
  return `${kept.slice(0, point)}.${decimals}`
}

/** Why a typed price cannot be used, or undefined when it is a price above zero. */
export function priceProblem(text: string): string | undefined {
  if (!text.trim()) return vendorMessages.priceRequired
  const fils = parseBhdToFils(text)
  if (fils === undefined) return vendorMessages.priceInvalid
  return fils > 0 ? undefined : vendorMessages.priceZero
}

const requiredText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, vendorMessages.tooLong)

/** A typed price: checked for length here, for its value only when its pass is chosen. */
const priceText = z.string().trim().max(12, vendorMessages.priceInvalid)

const dayPassChoice = z.strictObject({ selected: z.boolean(), price: priceText }).superRefine((pass, ctx) => {
  const problem = pass.selected ? priceProblem(pass.price) : undefined
  if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem })
})

/** The free-text pass: optional, but a name needs a price and a price needs a name. */
const otherPass = z
  .strictObject({ name: z.string().trim().max(80, vendorMessages.tooLong), price: priceText })
  .superRefine((pass, ctx) => {
    if (!pass.name && !pass.price) return
    if (!pass.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: vendorMessages.otherPassNameRequired })
    const problem = priceProblem(pass.price)
    if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem })
  })

/** yyyy-mm-dd; the form turns what is typed as dd/mm/yyyy into this once it is a real date. */
const dateText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((value) => isIsoDate(value), vendorMessages.dateInvalid)

const hour = (required: string) => z.enum(hourlyTimes as [string, ...string[]], { error: required })

export const vendorApplicationSchema = z
  .strictObject({
    venueName: requiredText(vendorMessages.venueNameRequired, 120),
    venueEmail: z
      .string({ error: vendorMessages.venueEmailRequired })
      .trim()
      .min(1, vendorMessages.venueEmailRequired)
      .pipe(emailSchema),
    contactFirstName: requiredText(vendorMessages.firstNameRequired, 80),
    contactLastName: requiredText(vendorMessages.lastNameRequired, 80),
    venueType: z.enum(venueTypes, { error: vendorMessages.venueTypeRequired }),
    facilityItem: z.enum(facilityItems, { error: vendorMessages.facilityItemRequired }),
    facilityOptions: z
      .array(z.enum(facilityOptions))
      .max(facilityOptions.length)
      .refine((chosen) => new Set(chosen).size === chosen.length, 'Each facility can be chosen once'),
    otherFacilityOption: z.string().trim().max(120, vendorMessages.tooLong),
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
    availableStartDate: dateText(vendorMessages.startDateRequired).refine(
      // Bahrain's today, whatever the device's or the server's time zone.
      (date) => !isIsoDate(date) || date >= todayInBahrain(),
      vendorMessages.startDatePast,
    ),
    availableEndDate: dateText(vendorMessages.endDateRequired),
    startTime: hour(vendorMessages.startTimeRequired),
    endTime: hour(vendorMessages.endTimeRequired),
    area: requiredText(vendorMessages.areaRequired, 80),
    city: requiredText(vendorMessages.cityRequired, 80),
    country: requiredText(vendorMessages.countryRequired, 80),
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
          message: vendorMessages.otherFacilityRequired,
        })
      // yyyy-mm-dd and HH:00 are fixed-width, so they compare as text. A pair is compared only when
      // both are valid: a missing field shows its own message, not this one.
      const [start, end] = [text(form.availableStartDate), text(form.availableEndDate)]
      if (isIsoDate(start) && isIsoDate(end) && end < start)
        ctx.addIssue({ code: 'custom', path: ['availableEndDate'], message: vendorMessages.endBeforeStart })
      const [opens, closes] = [text(form.startTime), text(form.endTime)]
      if (hourlyTimes.includes(opens) && hourlyTimes.includes(closes) && closes <= opens)
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: vendorMessages.endTimeNotAfterStart })
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
