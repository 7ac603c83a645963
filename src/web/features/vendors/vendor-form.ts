import type { UseFormReturn } from 'react-hook-form'
import { defaultCountry } from '../../../shared/countries.ts'
import type {
  DayPassOption,
  VendorApplication,
  VendorApplicationInput,
} from '../../../shared/vendor-application.ts'

/** The vendor form as react-hook-form holds it: typed values in, the schema's parsed values out. */
export type VendorForm = UseFormReturn<VendorApplicationInput, unknown, VendorApplication>

const noPass = { selected: false, price: '', weekendPrice: '' }

/** An empty form; venue type and times start unchosen, so that choosing them is deliberate. */
export const emptyApplication = {
  venueNameEn: '',
  venueNameAr: '',
  venueEmail: '',
  contactFirstName: '',
  contactLastName: '',
  contactPhone: '',
  facilities: [],
  otherFacility: '',
  dayPasses: {
    poolOnly: noPass,
    gymOnly: noPass,
    poolGym: noPass,
    saunaSteam: noPass,
    allInclusive: noPass,
    beachAccess: noPass,
    poolAccess: noPass,
    kids: noPass,
    family: noPass,
  } satisfies Record<DayPassOption, typeof noPass>,
  otherPass: { name: '', price: '', weekendPrice: '', type: '' as const },
  availableStartDate: '',
  availableEndDate: '',
  startTime: '',
  endTime: '',
  areaId: '',
  city: '',
  country: defaultCountry,
}
