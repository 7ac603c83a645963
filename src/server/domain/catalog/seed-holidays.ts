import type { Localized } from './seed-types.ts'

/**
 * Bahrain's public holidays for 2026 and 2027. The fixed ones are certain; the lunar ones are the
 * expected dates and move when the official announcement comes, which is why they live in the
 * public_holidays table, where the team can correct them, and not in code.
 */
export const seedHolidays: { date: string; name: Localized }[] = [
  ...yearOf('2026', {
    fitr: ['03-20', '03-21', '03-22'],
    arafat: '05-26',
    adha: ['05-27', '05-28', '05-29'],
    hijri: '06-16',
    ashura: ['06-25', '06-26'],
    mawlid: '08-25',
  }),
  ...yearOf('2027', {
    fitr: ['03-10', '03-11', '03-12'],
    arafat: '05-15',
    adha: ['05-16', '05-17', '05-18'],
    hijri: '06-06',
    ashura: ['06-14', '06-15'],
    mawlid: '08-14',
  }),
]

interface LunarDates {
  fitr: string[]
  arafat: string
  adha: string[]
  hijri: string
  ashura: string[]
  mawlid: string
}

function yearOf(year: string, lunar: LunarDates) {
  const day = (monthDay: string, en: string, ar: string) => ({
    date: `${year}-${monthDay}`,
    name: { en, ar },
  })
  return [
    day('01-01', "New Year's Day", 'رأس السنة الميلادية'),
    day('05-01', 'Labour Day', 'عيد العمال'),
    day('12-16', 'National Day', 'العيد الوطني'),
    day('12-17', 'National Day', 'العيد الوطني'),
    ...lunar.fitr.map((d) => day(d, 'Eid al-Fitr', 'عيد الفطر')),
    day(lunar.arafat, 'Arafat Day', 'يوم عرفة'),
    ...lunar.adha.map((d) => day(d, 'Eid al-Adha', 'عيد الأضحى')),
    day(lunar.hijri, 'Islamic New Year', 'رأس السنة الهجرية'),
    ...lunar.ashura.map((d) => day(d, 'Ashura', 'عاشوراء')),
    day(lunar.mawlid, "The Prophet's Birthday", 'المولد النبوي الشريف'),
  ]
}
