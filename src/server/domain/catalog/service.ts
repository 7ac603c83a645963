import { type AreaNames, areaKey, isAreaId } from '../../../shared/area-names.ts'
import { addDays, hourInBahrain, isIsoDate, todayInBahrain } from '../../../shared/bahrain-time.ts'
import { hourLabel, type PassType, type VenueType } from '../../../shared/catalog.ts'
import type { Availability, Localized, Venue, VenueDetail, VenueList } from '../../../shared/catalog-api.ts'
import {
  noFilters,
  type VenueFilters,
  venueFilterQuery,
  venuePageSize,
} from '../../../shared/catalog-filters.ts'
import { facilityNames } from '../../../shared/facilities.ts'
import { formatBhd } from '../../../shared/money.ts'
import { averageOf, type ReviewSummary } from '../../../shared/reviews.ts'
import { foldForSearch } from '../../../shared/search-text.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { dayTypeOf, priceNoteOn, priceOn } from './pricing.ts'
import {
  type AreaRow,
  catalogVersion,
  type ExceptionRow,
  loadCatalogRows,
  loadDayOccupancy,
  loadHolidays,
  loadOccupancy,
  type PassRow,
  type VenueRow,
} from './repository.ts'
import {
  bookingHorizonDays,
  type DateException,
  isListed,
  onSale,
  type SlotVenue,
  slotStatus,
  weekdayHours,
} from './slot-rules.ts'
import { dayFacts, matchesFilters, sortVenues } from './venue-filters.ts'

interface VenueEntry {
  venue: VenueRow
  /** The area it stands in, named in both languages. */
  area: AreaNames
  /** The venue as the slot rules read it. */
  slots: SlotVenue
  /** The passes on sale: archived ones are left out. */
  passes: PassRow[]
  images: Venue['images']
  /** Names, area, location and descriptions of both languages, folded for search. */
  searchText: string
  /** Its visible reviews' average and count. */
  reviews: ReviewSummary
}

interface Snapshot {
  loadedAt: number
  /** The digest of the rows it was made from: a read that finds the same digest keeps it. */
  version: string
  /** The listed venues, in the team's order. */
  venues: VenueEntry[]
  /** Every venue, draft and suspended too: checkout names them when it refuses them. */
  byId: Map<string, VenueEntry>
  /** The same by their URL names (/gyms/<slug>); an old link by id still finds its venue through `byId`. */
  bySlug: Map<string, VenueEntry>
  holidays: Map<string, Localized>
  /** The areas listed venues stand in, each once, by English name: the area filter's choices. */
  areas: AreaNames[]
  /** Every area of the team's list, inactive ones too, by id. */
  areaById: Map<string, AreaRow>
  /** Each area's id by the key of its name in either language (area-names.ts `areaKey`). */
  areaByKey: Map<string, string>
  /** Closures and capacity changes by `venue|date`. */
  exceptions: Map<string, DateException>
}

export interface BookingContext {
  venue: VenueRow | undefined
  slots: SlotVenue | undefined
  passes: PassRow[]
  /** Undefined when the date is not a real calendar date. */
  dayType: ReturnType<typeof dayTypeOf> | undefined
  exception: DateException | undefined
}

export interface CatalogServiceOptions {
  /** How long a loaded catalog is served before it is read again; edits show up within this time. */
  cacheMs: number
  /** The app's clock: what "today" and "this slot has started" mean. */
  now: () => Date
}

/**
 * Venues, passes and prices. The catalog is read whole and kept in memory for a short while, so
 * listing and searching cost no query; availability reads the live occupancy of one day
 * (docs/catalog.md; freshness across servers: docs/decisions/021-team-runs-the-catalog.md).
 */
/** How long a filtered list is answered again as it was: a burst of the same link costs one build. */
export const filteredListMs = 2_000
/** How many lists are kept at once. */
const listsKept = 500

interface KeptList {
  snapshot: Snapshot
  /** When it was built (or found unchanged), on the app's clock. */
  at: number
  list: VenueList
  /** The places taken that day it was built from; none for the unfiltered list. */
  occupancy?: string
}

export class CatalogService {
  private snapshot: Snapshot | undefined
  /**
   * Lists answered lately, by their query and the hour: today's unfiltered list for as long as the
   * snapshot it was built from, a filtered one for `filteredListMs`.
   */
  private readonly lists = new Map<string, KeptList>()
  /** Lists being built, by the same key: every request for one shares its build. */
  private readonly building = new Map<string, { snapshot: Snapshot; list: Promise<VenueList> }>()
  private loading: Promise<Snapshot> | undefined
  private readonly now: () => Date

  constructor(
    private readonly db: Database,
    private readonly options: CatalogServiceOptions,
  ) {
    this.now = options.now
  }

  /** How long the catalog is kept before it is read again (0: read for every answer). */
  get keptForMs(): number {
    return this.options.cacheMs
  }

  /** Forget the cached catalog, after an edit here or on another server (catalog-changes.ts). */
  invalidate() {
    this.snapshot = undefined
    this.lists.clear()
    this.building.clear()
    // A read already under way may have started before the edit: do not let it be cached.
    this.loading = undefined
  }

  /**
   * One page of the venues matching the filters, priced for their date (today when none is chosen),
   * with each one's next open slot (docs/catalog.md, "Finding a pass"). Filtering runs in memory on
   * the cached catalog, after one read of the date's occupancy. Without filters, the same object is
   * returned until the catalog is read again or the hour changes, so the route can keep its
   * serialised form: do not modify it. Its next slots are then as fresh as the catalog cache.
   */
  async listVenues(filters: VenueFilters = noFilters): Promise<VenueList> {
    const snapshot = await this.load()
    // An area named rather than given by id (`area=Seef`, `area=السيف`) is the one area it names.
    if (filters.area) filters = { ...filters, area: resolveArea(snapshot, filters.area) }
    const now = this.now()
    const today = todayInBahrain(now)
    const query = venueFilterQuery(filters)
    const key = `${query}|${today}T${hourInBahrain(now)}`
    const kept = this.lists.get(key)
    const building = this.building.get(key)
    const underway = building?.snapshot === snapshot ? building.list : undefined
    // The same filters asked again within moments: the same answer, and the same object, so the
    // route serves its serialised bytes (docs/decisions/048). Places left may lag by that moment;
    // checkout counts them again. Once it is older, the next request builds it again and waits for
    // it, while requests meanwhile are answered from the one being replaced: a burst of the same
    // link never waits on the database (bench/results/catalog.md).
    if (kept?.snapshot === snapshot && (!query || now.getTime() - kept.at < filteredListMs || underway))
      return kept.list
    if (underway) return underway
    const previous = kept?.snapshot === snapshot ? kept : undefined
    const list = this.buildList(snapshot, filters, now, previous).then(
      (built) => {
        if (this.building.get(key)?.list === list) {
          this.building.delete(key)
          this.keep(key, { snapshot, at: now.getTime(), ...built })
        }
        return built.list
      },
      (error: unknown) => {
        if (this.building.get(key)?.list === list) this.building.delete(key)
        throw error
      },
    )
    this.building.set(key, { snapshot, list })
    return list
  }

  /**
   * Builds the list for the filters, or, when the day's places taken are those `previous` was
   * built from, gives `previous` again: same catalog, same hour, same places, same list; and the
   * same object, whose serialised bytes the route keeps. A list asked all day is then built again
   * only after a booking, and between bookings costs one read of the day's places every moment.
   */
  private async buildList(
    snapshot: Snapshot,
    filters: VenueFilters,
    now: Date,
    previous: KeptList | undefined,
  ): Promise<{ list: VenueList; occupancy: string }> {
    const today = todayInBahrain(now)
    const date = filters.date || today
    if (date < today) throw new HttpError(400, 'FILTER_DATE_PAST', { fields: { date: 'FILTER_DATE_PAST' } })
    if (date > addDays(today, bookingHorizonDays)) {
      throw new HttpError(400, 'DATE_TOO_FAR', { fields: { date: 'DATE_TOO_FAR' } })
    }
    if (filters.area && !snapshot.areas.some((area) => area.id === filters.area)) {
      throw new HttpError(400, 'FILTER_AREA_UNKNOWN', { fields: { area: 'FILTER_AREA_UNKNOWN' } })
    }
    const dayType = dayTypeOf(date, snapshot.holidays.has(date))
    const occupancy = await loadDayOccupancy(this.db, date)
    const taken = occupancyKey(occupancy)
    if (previous && previous.occupancy === taken) return { list: previous.list, occupancy: taken }
    const day = {
      date,
      dayType,
      now,
      exception: (id: string) => snapshot.exceptions.get(`${id}|${date}`),
      taken: (id: string) => occupancy.get(id),
    }
    const matching = snapshot.venues
      .map((entry) => ({ entry, facts: dayFacts(entry, filters, day) }))
      .filter(({ entry, facts }) => matchesFilters(entry, facts, filters))
    const sorted = sortVenues(matching, filters.sort)
    const start = (filters.page - 1) * venuePageSize
    const list: VenueList = {
      date,
      dayType,
      query: venueFilterQuery(filters),
      total: sorted.length,
      page: filters.page,
      pageSize: venuePageSize,
      areas: snapshot.areas,
      gyms: sorted.slice(start, start + venuePageSize).map(({ entry, facts }) => ({
        ...toVenue(entry, dayType),
        fromPriceFils: facts.fromPriceFils,
        fromPrice: facts.fromPriceFils === null ? null : formatBhd(facts.fromPriceFils),
        priceNote: facts.priceNote,
        nextSlot: facts.nextSlot,
      })),
    }
    return { list, occupancy: taken }
  }

  /** Keeps a list; past `listsKept`, the oldest kept goes first. */
  private keep(key: string, kept: KeptList) {
    this.lists.delete(key)
    this.lists.set(key, kept)
    if (this.lists.size > listsKept) {
      const oldest = this.lists.keys().next().value
      if (oldest !== undefined) this.lists.delete(oldest)
    }
  }

  async getVenue(id: string): Promise<VenueDetail> {
    const snapshot = await this.load()
    const entry = this.requireVenue(snapshot, id)
    const date = todayInBahrain(this.now())
    return { date, gym: toVenue(entry, dayTypeOf(date, snapshot.holidays.has(date))) }
  }

  async availability(idOrSlug: string, date: string): Promise<Availability> {
    if (!isIsoDate(date)) throw new HttpError(400, 'INVALID_DATE', { fields: { date: 'INVALID_DATE' } })
    const snapshot = await this.load()
    const entry = this.requireVenue(snapshot, idOrSlug)
    const id = entry.venue.id
    const now = this.now()
    const today = todayInBahrain(now)
    if (date > addDays(today, bookingHorizonDays)) {
      throw new HttpError(400, 'DATE_TOO_FAR', { fields: { date: 'DATE_TOO_FAR' } })
    }
    const holiday = snapshot.holidays.get(date) ?? null
    const dayType = dayTypeOf(date, holiday !== null)
    const exception = snapshot.exceptions.get(`${id}|${date}`)
    if (!onSale(entry.slots, date))
      throw new HttpError(400, 'NOT_SOLD_ON_DATE', { fields: { date: 'NOT_SOLD_ON_DATE' } })
    const bookable = entry.venue.status === 'published' && date >= today
    const taken = bookable ? await loadOccupancy(this.db, id, date) : new Map<number, number>()
    const slots = weekdayHours(entry.slots, date).map((hour) => {
      const verdict = slotStatus(entry.slots, date, hour, now, { exception, taken: taken.get(hour) ?? 0 })
      const state = bookable ? verdict.state : 'closed'
      return {
        time: hourLabel(hour),
        capacity: verdict.capacity,
        remaining: verdict.remaining,
        status: state,
      }
    })
    return {
      gymId: id,
      date,
      dayType,
      holiday,
      bookable: bookable && slots.some((slot) => slot.status !== 'closed'),
      slots,
      passes: entry.passes.map((pass) => {
        const priceFils = priceOn(pass, dayType, entry.venue)
        return { id: pass.id, priceFils, price: formatBhd(priceFils), priceNote: priceNoteOn(pass, dayType) }
      }),
      placesPerOrder: entry.venue.max_places_per_slot_per_order,
    }
  }

  /** The areas offered to choose from (the application form, the editor): the active ones, by English name. */
  async activeAreas(): Promise<AreaNames[]> {
    const snapshot = await this.load()
    return [...snapshot.areaById.values()].filter((area) => area.active).map(areaNames)
  }

  /** The current time as this catalog sees it (tests fix it), so checkout agrees with availability. */
  currentTime(): Date {
    return this.now()
  }

  /** A venue's rows and whether a date is a public holiday: what checkout prices a line from. */
  async bookingContext(venueId: string, date: string): Promise<BookingContext> {
    const snapshot = await this.load()
    const entry = snapshot.byId.get(venueId)
    return {
      venue: entry?.venue,
      slots: entry?.slots,
      passes: entry?.passes ?? [],
      dayType: isIsoDate(date) ? dayTypeOf(date, snapshot.holidays.has(date)) : undefined,
      exception: snapshot.exceptions.get(`${venueId}|${date}`),
    }
  }

  /**
   * A listed venue by its URL name, or by its id for links made before slugs; a draft or suspended
   * one is as unknown to the public as one that never was.
   */
  private requireVenue(snapshot: Snapshot, idOrSlug: string): VenueEntry {
    const entry = snapshot.bySlug.get(idOrSlug) ?? snapshot.byId.get(idOrSlug)
    if (!entry || !isListed(entry.venue.status)) throw new HttpError(404, 'GYM_NOT_FOUND')
    return entry
  }

  private async load(): Promise<Snapshot> {
    const current = this.snapshot
    if (current && Date.now() - current.loadedAt < this.options.cacheMs) return current
    // Expired: the first request reads it again and waits for it; requests meanwhile are answered
    // from the expired one, so the read never holds up a burst. After an edit there is none to
    // answer from (invalidate), and they all wait for the one read. A catalog kept for no time
    // (`cacheMs: 0`, for what must be decided on the rows as they are: the waitlist's capacity,
    // the tests) never answers from an old read: its callers share the read under way.
    if (current && this.loading && this.options.cacheMs > 0) return current
    if (!this.loading) {
      const loading = this.read(current).then(
        (snapshot) => {
          // Not kept if the catalog was invalidated while it was read: it may predate the edit.
          if (this.loading === loading) {
            this.snapshot = snapshot
            this.loading = undefined
          }
          return snapshot
        },
        (error: unknown) => {
          if (this.loading === loading) this.loading = undefined
          throw error
        },
      )
      this.loading = loading
    }
    return this.loading
  }

  /**
   * Reads the catalog. When its rows are those `current` was made from (the database's digest of
   * them is the same), `current` is kept, only marked as read now: the same snapshot keeps the
   * lists and the serialised answers built from it, instead of all of them being built again every
   * `cacheMs` with nothing changed. The digest is read before the rows: an edit between the two
   * reads changes the digest the next read sees, so it is never missed.
   */
  private async read(current: Snapshot | undefined): Promise<Snapshot> {
    const today = todayInBahrain(this.now())
    const version = await catalogVersion(this.db, today)
    if (current?.version === version) {
      current.loadedAt = Date.now()
      return current
    }
    const [catalogRows, holidays] = await Promise.all([
      loadCatalogRows(this.db, today),
      loadHolidays(this.db),
    ])
    const { venues, passes, images, exceptions, reviews, areas } = catalogRows
    areas.sort((a, b) => a.name_en.localeCompare(b.name_en, 'en'))
    const areaById = new Map(areas.map((area) => [area.id, area]))
    const entries = venues.map((venue): VenueEntry => {
      // The database refers every venue to an area; a row read between two edits keeps its id.
      const area = areaById.get(venue.area_id) ?? {
        id: venue.area_id,
        name_en: venue.area_id,
        name_ar: venue.area_id,
      }
      const venuePasses = passes.filter((pass) => pass.venue_id === venue.id && pass.archived_at === null)
      // What a visitor may type, in either language: the venue, where it is, what it offers and
      // the passes it sells ("family", "kids", «عائلية»).
      const searchText = foldForSearch(
        [
          venue.name_en,
          venue.name_ar,
          area.name_en,
          area.name_ar,
          venue.location_en,
          venue.location_ar,
          venue.description_en,
          venue.description_ar,
          ...facilityNames(venue.facilities, 'en'),
          ...facilityNames(venue.facilities, 'ar'),
          ...venuePasses.flatMap((pass) => [pass.name_en, pass.name_ar, pass.pass_type]),
        ]
          .join(' ')
          .replaceAll('**', ''),
      )
      return {
        venue,
        area: areaNames(area),
        slots: {
          status: venue.status,
          weeklyHours: venue.weekly_hours,
          capacityPerSlot: venue.capacity_per_slot,
          sellsFrom: venue.sells_from,
          sellsUntil: venue.sells_until,
        },
        passes: venuePasses,
        images: images
          .filter((image) => image.venue_id === venue.id)
          .map((image) => ({ key: image.image_key, alt: { en: image.alt_en, ar: image.alt_ar } })),
        searchText,
        reviews: (({ total, count }) => ({ average: averageOf(total, count), count }))(
          reviews.get(venue.id) ?? { total: 0, count: 0 },
        ),
      }
    })
    return {
      loadedAt: Date.now(),
      version,
      // Bookable venues first, Coming Soon after them, each in the team's order.
      venues: entries
        .filter((entry) => isListed(entry.venue.status))
        .sort((a, b) => Number(a.venue.status === 'coming_soon') - Number(b.venue.status === 'coming_soon')),
      byId: new Map(entries.map((entry) => [entry.venue.id, entry])),
      bySlug: new Map(entries.map((entry) => [entry.venue.slug, entry])),
      areas: areas
        .filter((area) =>
          entries.some((entry) => entry.venue.area_id === area.id && isListed(entry.venue.status)),
        )
        .map(areaNames),
      areaById,
      areaByKey: new Map(
        areas.flatMap((area) => [
          [areaKey(area.name_en), area.id],
          [areaKey(area.name_ar), area.id],
        ]),
      ),
      holidays: new Map(holidays.map((row) => [row.holiday_date, { en: row.name_en, ar: row.name_ar }])),
      exceptions: new Map(
        exceptions.map((row) => [`${row.venue_id}|${row.exception_date}`, toException(row)]),
      ),
    }
  }
}

const areaNames = (area: Pick<AreaRow, 'id' | 'name_en' | 'name_ar'>): AreaNames => ({
  id: area.id,
  name: { en: area.name_en, ar: area.name_ar },
})

/** The id of the area a filter names: its id, else the area whose name in either language it spells. */
function resolveArea(snapshot: Snapshot, area: string): string {
  if (isAreaId(area) && snapshot.areaById.has(area)) return area
  return snapshot.areaByKey.get(areaKey(area)) ?? area
}

function toException(row: ExceptionRow): DateException {
  return { closedAllDay: row.closed_all_day, closedHours: row.closed_hours, capacity: row.capacity }
}

function toVenue(
  { venue, area, passes, images, reviews }: VenueEntry,
  dayType: ReturnType<typeof dayTypeOf>,
): Venue {
  return {
    id: venue.id,
    slug: venue.slug,
    name: { en: venue.name_en, ar: venue.name_ar },
    description: { en: venue.description_en, ar: venue.description_ar },
    area,
    location: { en: venue.location_en, ar: venue.location_ar },
    venueType: venue.venue_type as VenueType,
    rating: venue.rating,
    reviews,
    facilities: venue.facilities,
    comingSoon: venue.status === 'coming_soon',
    payAtVenueOnly: venue.pay_at_venue_only,
    openingHours: venue.weekly_hours,
    cancellationNoticeHours: venue.cancellation_notice_hours,
    sellsFrom: venue.sells_from,
    sellsUntil: venue.sells_until,
    coordinates:
      venue.latitude !== null && venue.longitude !== null
        ? { latitude: venue.latitude, longitude: venue.longitude }
        : null,
    images,
    passes: passes.map((pass) => {
      const priceFils = priceOn(pass, dayType, venue)
      return {
        id: pass.id,
        type: pass.pass_type as PassType,
        name: { en: pass.name_en, ar: pass.name_ar },
        description: { en: pass.description_en, ar: pass.description_ar },
        priceFils,
        price: formatBhd(priceFils),
      }
    }),
  }
}

/** The places taken on a day, venue by venue and hour by hour, as one comparable text. */
function occupancyKey(occupancy: Map<string, Map<number, number>>): string {
  return [...occupancy]
    .flatMap(([venueId, hours]) => [...hours].map(([hour, taken]) => `${venueId}@${hour}=${taken}`))
    .sort()
    .join(',')
}
