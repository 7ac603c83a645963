import type { UseFormReturn } from 'react-hook-form'
import type {
  DayPassOption,
  VendorApplication,
  VendorApplicationInput,
} from '../../../shared/vendor-application.ts'

/** The vendor form as react-hook-form holds it: typed values in, the schema's parsed values out. */
export type VendorForm = UseFormReturn<VendorApplicationInput, unknown, VendorApplication>

const noPass = { selected: false, price: '' }

/** An empty form; venue type, facility and times start unchosen, so that choosing them is deliberate. */
export const emptyApplication = {
  venueName: '',
  venueEmail: '',
  contactFirstName: '',
  contactLastName: '',
  facilityOptions: [],
  otherFacilityOption: '',
  dayPasses: {
    poolOnly: noPass,
    gymOnly: noPass,
    poolGym: noPass,
    saunaSteam: noPass,
    allInclusive: noPass,
    beachAccess: noPass,
    poolAccess: noPass,
  } satisfies Record<DayPassOption, typeof noPass>,
  otherPass: { name: '', price: '' },
  availableStartDate: '',
  availableEndDate: '',
  startTime: '',
  endTime: '',
  area: '',
  city: '',
  country: 'Bahrain',
}
