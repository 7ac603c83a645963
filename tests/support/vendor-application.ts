import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { VendorApplicationInput } from '../../src/shared/vendor-application.ts'

export const noPass = { selected: false, price: '' }

/**
 * A venue application that passes every check, available from next week for about half a year.
 * Each test overrides what it is about.
 */
export function vendorApplicationInput(
  overrides: Partial<VendorApplicationInput> = {},
): VendorApplicationInput {
  return {
    venueNameEn: 'Seef Tower Fitness',
    venueNameAr: '',
    venueEmail: 'hello@seeftower.bh',
    contactFirstName: 'Huda',
    contactLastName: 'Al Mannai',
    contactPhone: '3612 3456',
    venueType: 'Hotel',
    facilities: ['gym', 'group-classes', 'sauna', 'jacuzzi'],
    otherFacility: '',
    dayPasses: {
      poolOnly: { selected: true, price: '8.500' },
      gymOnly: { selected: true, price: '10' },
      poolGym: noPass,
      saunaSteam: noPass,
      allInclusive: noPass,
      beachAccess: noPass,
      poolAccess: noPass,
    },
    otherPass: { name: '', price: '' },
    availableStartDate: addDays(todayInBahrain(), 7),
    availableEndDate: addDays(todayInBahrain(), 200),
    startTime: '06:00',
    endTime: '22:00',
    areaId: 'seef',
    city: 'Manama',
    country: 'BH',
    ...overrides,
  }
}
