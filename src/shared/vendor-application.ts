import { z } from 'zod'
import { emailSchema } from './accounts.ts'
import { areaSchema, chosenAreaSchema } from './areas.ts'
import { isIsoDate, todayInBahrain } from './bahrain-time.ts'
import { type PassType, passTypes } from './catalog.ts'
import { countryCodes } from './countries.ts'
import { inDateYears } from './date-schemas.ts'
import { E, type ErrorCode } from './errors.ts'
import { facilitiesSchema } from './facilities-schema.ts'
import { formatBhd, parseBhdToFils } from './money.ts'
import { typedDigits, westernNumber } from './normalise/digits.ts'
import { phoneSchema } from './normalise/phone.ts'
import { isTypedText } from './typed-text.ts'

/**
 * The vendor registration form (docs/product.md, "What is stored"): a venue owner applies to be listed and the
 * team reviews the application (docs/decisions/002). Checked in the browser and again on the server.
 */
export const venueTypes = ['Gym', 'Hotel', 'Fitness Center', 'Spa', 'Resort', 'Beach Club', 'Pool'] as const
export type VenueType = (typeof venueTypes)[number]

export const dayPassOptions = [
  'poolOnly',
  'gymOnly',
  'poolGym',
  'saunaSteam',
  'allInclusive',
  'beachAccess',
  'poolAccess',
  'kids',
  'family',
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
  kids: 'Kids’ pass',
  family: 'Family pass',
}

/** The same names in Arabic, for the draft venue's Arabic pass names. */
export const dayPassLabelsAr: Record<DayPassOption, string> = {
  poolOnly: 'المسبح فقط',
  gymOnly: 'النادي الرياضي فقط',
  poolGym: 'المسبح والنادي الرياضي',
  saunaSteam: 'الساونا وغرفة البخار',
  allInclusive: 'شاملة كل المرافق',
  beachAccess: 'دخول الشاطئ',
  poolAccess: 'دخول المسبح',
  kids: 'تذكرة الأطفال',
  family: 'تذكرة العائلة',
}

/** The pass types an applicant may give the pass they name themselves. */
export const otherPassTypes = [
  'Adult',
  'Kids',
  'Family',
  'Gym',
  'Pool',
  'Fitness',
  'HealthClub',
  'All Inclusive',
] as const
export type OtherPassType = (typeof otherPassTypes)[number]

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

/** The weekend's price is optional: empty means the weekday's price holds every day. */
const weekendPriceProblem = (text: string) => (text.trim() ? priceProblem(text) : undefined)

const dayPassChoice = z
  .strictObject({ selected: z.boolean(), price: priceText, weekendPrice: priceText.optional().default('') })
  .superRefine((pass, ctx) => {
    if (!pass.selected) return
    const problem = priceProblem(pass.price)
    if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem })
    const weekend = weekendPriceProblem(pass.weekendPrice)
    if (weekend) ctx.addIssue({ code: 'custom', path: ['weekendPrice'], message: weekend })
  })

const notOffered = { selected: false, price: '', weekendPrice: '' }

/** The free-text pass: optional, but a name needs a price and a type, and a price needs a name. */
const otherPass = z
  .strictObject({
    name: z.string().trim().max(80, E.TOO_LONG),
    price: priceText,
    weekendPrice: priceText.optional().default(''),
    /** '' until chosen; required with a name, so «تذكرة الأطفال» is a Kids pass because its owner said so. */
    type: z.enum([...otherPassTypes, ''], { error: E.OTHER_PASS_TYPE_REQUIRED }).default(''),
  })
  .superRefine((pass, ctx) => {
    if (!pass.name && !pass.price) return
    if (!pass.name) ctx.addIssue({ code: 'custom', path: ['name'], message: E.OTHER_PASS_NAME_REQUIRED })
    if (pass.name && !pass.type)
      ctx.addIssue({ code: 'custom', path: ['type'], message: E.OTHER_PASS_TYPE_REQUIRED })
    const problem = priceProblem(pass.price)
    if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem })
    const weekend = weekendPriceProblem(pass.weekendPrice)
    if (weekend) ctx.addIssue({ code: 'custom', path: ['weekendPrice'], message: weekend })
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

/** The same, where empty is an answer. */
const optionalDateText = z.preprocess(
  typedDigits,
  z
    .string({ error: E.DATE_INVALID })
    .trim()
    .refine((value) => !value || isIsoDate(value), E.DATE_INVALID)
    .refine((value) => !value || inDateYears(value), E.DATE_OUT_OF_RANGE),
)

const hour = (required: ErrorCode) => z.enum(hourlyTimes as [string, ...string[]], { error: required })

/** A name in one language: either may be empty, but not both (see the refinement below). */
const nameText = z
  .string({ error: E.VENUE_NAME_REQUIRED })
  .trim()
  .max(120, E.TOO_LONG)
  .refine(isTypedText, E.INVALID_TEXT)

export const vendorApplicationSchema = z
  .strictObject({
    /** Each name in its own language; neither is copied into the other (docs/decisions/043). */
    venueNameEn: nameText,
    venueNameAr: nameText,
    venueEmail: z
      .string({ error: E.VENUE_EMAIL_REQUIRED })
      .trim()
      .min(1, E.VENUE_EMAIL_REQUIRED)
      .pipe(emailSchema),
    contactFirstName: requiredText(E.CONTACT_FIRST_NAME_REQUIRED, 80).refine(isTypedText, E.INVALID_TEXT),
    contactLastName: requiredText(E.CONTACT_LAST_NAME_REQUIRED, 80).refine(isTypedText, E.INVALID_TEXT),
    /** Written as people do, stored as E.164, like the checkout's mobile number. */
    contactPhone: phoneSchema({ required: E.CONTACT_PHONE_REQUIRED, invalid: E.CONTACT_PHONE_INVALID }),
    venueType: z.enum(venueTypes, { error: E.VENUE_TYPE_REQUIRED }),
    /** Codes from src/shared/facilities.ts; none is required. */
    facilities: facilitiesSchema,
    /** Anything else the venue offers, in its own words. */
    otherFacility: z.string().trim().max(120, E.TOO_LONG).optional().default(''),
    dayPasses: z.strictObject({
      poolOnly: dayPassChoice,
      gymOnly: dayPassChoice,
      poolGym: dayPassChoice,
      saunaSteam: dayPassChoice,
      allInclusive: dayPassChoice,
      beachAccess: dayPassChoice,
      poolAccess: dayPassChoice,
      // Added with migration 024: a client that does not send them offers neither.
      kids: dayPassChoice.optional().default(notOffered),
      family: dayPassChoice.optional().default(notOffered),
    }),
    otherPass,
    availableStartDate: dateText(E.START_DATE_REQUIRED).refine(
      // Bahrain's today, whatever the device's or the server's time zone.
      (date) => !isIsoDate(date) || date >= todayInBahrain(),
      E.START_DATE_PAST,
    ),
    /** '' when the venue sells with no last date ("ongoing"). */
    availableEndDate: optionalDateText.optional().default(''),
    startTime: hour(E.START_TIME_REQUIRED),
    endTime: hour(E.END_TIME_REQUIRED),
    /** The id of an area of the team's list (src/shared/areas.ts), chosen in the page's language. */
    areaId: chosenAreaSchema,
    city: requiredText(E.CITY_REQUIRED, 80),
    country: z.enum(countryCodes, { error: E.COUNTRY_INVALID }),
  })
  .superRefine(
    (form, ctx) => {
      // Runs even when other fields failed (see `when`), so every value is checked before use.
      const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
      if (!text(form.venueNameEn) && !text(form.venueNameAr))
        for (const path of ['venueNameEn', 'venueNameAr'])
          ctx.addIssue({ code: 'custom', path: [path], message: E.VENUE_NAME_REQUIRED })
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

/**
 * A chosen pass as it is stored: prices in fils; `label` names the free-text pass and `passType` is
 * its owner's choice. Applications sent before migration 024 have neither a type nor a weekend price.
 */
export interface StoredDayPass {
  option: DayPassOption | 'other'
  label?: string
  priceFils: number
  weekendPriceFils?: number | null
  passType?: PassType
}

const weekendFils = (text: string) => (text.trim() ? (parseBhdToFils(text) ?? null) : null)

/** The passes the applicant chose, in the form's order, priced in fils. */
export function chosenPasses(form: VendorApplication): StoredDayPass[] {
  const passes: StoredDayPass[] = dayPassOptions
    .filter((option) => form.dayPasses[option].selected)
    .map((option) => ({
      option,
      priceFils: parseBhdToFils(form.dayPasses[option].price) ?? 0,
      weekendPriceFils: weekendFils(form.dayPasses[option].weekendPrice),
    }))
  if (form.otherPass.name)
    passes.push({
      option: 'other',
      label: form.otherPass.name,
      priceFils: parseBhdToFils(form.otherPass.price) ?? 0,
      weekendPriceFils: weekendFils(form.otherPass.weekendPrice),
      ...(form.otherPass.type ? { passType: form.otherPass.type } : {}),
    })
  return passes
}

/** Arabic letters: text holding them was written in Arabic. */
export function writtenInArabic(text: string): boolean {
  return /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/.test(text)
}

/**
 * The catalog's type for a pass the applicant named without choosing one (applications before
 * migration 024): read from its name, so «تذكرة الأطفال» is Kids, not Adult.
 */
export function passTypeFromName(name: string): PassType {
  if (/kid|child|junior|أطفال|اطفال|طفل|الصغار/i.test(name)) return 'Kids'
  if (/family|familie|عائل|العائلة|أسرة|اسرة/i.test(name)) return 'Family'
  return 'Adult'
}

export const isPassType = (value: unknown): value is PassType => passTypes.includes(value as PassType)

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
  /** The name as the team lists it: the English one, else the Arabic one. */
  venueName: z.string(),
  venueNameEn: z.string(),
  venueNameAr: z.string(),
  venueType: z.enum(venueTypes),
  area: areaSchema,
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
  /** E.164, '' on applications sent before the form asked for it. */
  contactPhone: z.string(),
  /** Codes from src/shared/facilities.ts; older applications' answers were read into them. */
  facilities: z.array(z.string()),
  /** The old form's extra in the owner's words, or the new form's "anything else". */
  otherFacility: z.string().nullable(),
  dayPasses: z.array(
    z.object({
      option: z.enum([...dayPassOptions, 'other']),
      label: z.string(),
      passType: z.enum(passTypes),
      priceFils: z.number().int(),
      price: z.string(),
      weekendPriceFils: z.number().int().nullable(),
      weekendPrice: z.string().nullable(),
    }),
  ),
  availableStartDate: z.string(),
  /** Null: ongoing. */
  availableEndDate: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  /** An ISO code (BH), or the country as typed on older applications. */
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

/** The catalog's type of a stored pass: its owner's choice, or what older applications implied. */
export function storedPassType(pass: StoredDayPass): PassType {
  if (isPassType(pass.passType)) return pass.passType
  return pass.option === 'other' ? passTypeFromName(pass.label ?? '') : fixedPassTypes[pass.option]
}

/**
 * The catalog's pass type for each pass the form offers, after the seed catalog's own use of them:
 * the pool and beach passes are Pool ("Beach & Pool Day Pass" is one), pool with gym is Fitness
 * ("Fitness & Pool Pass"), sauna and steam is the HealthClub's wellness.
 */
export const fixedPassTypes: Record<DayPassOption, PassType> = {
  poolOnly: 'Pool',
  poolAccess: 'Pool',
  beachAccess: 'Pool',
  gymOnly: 'Gym',
  poolGym: 'Fitness',
  saunaSteam: 'HealthClub',
  allInclusive: 'All Inclusive',
  kids: 'Kids',
  family: 'Family',
}

/** A stored pass as the detail answer shows it. */
export function describePass(pass: StoredDayPass): ApplicationDetail['dayPasses'][number] {
  const weekend = pass.weekendPriceFils ?? null
  return {
    option: pass.option,
    label: passLabel(pass),
    passType: storedPassType(pass),
    priceFils: pass.priceFils,
    price: formatBhd(pass.priceFils),
    weekendPriceFils: weekend,
    weekendPrice: weekend === null ? null : formatBhd(weekend),
  }
}
