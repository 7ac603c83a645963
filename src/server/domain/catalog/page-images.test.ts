import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { readVenueFilters } from '../../../shared/catalog-filters.ts'
import { seedIfEmpty } from '../../seed.ts'
import { pageLcpImage } from './page-images.ts'
import { CatalogService } from './service.ts'

// Tuesday 1 December 2026, 10:30 in Bahrain.
const clock = new Date('2026-12-01T07:30:00Z')
let t: TestApp
let image: ReturnType<typeof pageLcpImage>
let catalog: CatalogService

beforeAll(async () => {
  t = await createTestApp({}, () => ({ now: () => clock }))
  await seedIfEmpty(t.database.db)
  catalog = new CatalogService(t.database.db, { cacheMs: 0, now: () => clock })
  image = pageLcpImage(catalog)
})
afterAll(() => t.close())

const url = (path: string) => new URL(path, 'http://localhost')
const firstCoverOf = async (query: string) => {
  const { filters } = readVenueFilters(new URLSearchParams(query))
  return (await catalog.listVenues(filters)).gyms[0]?.images[0]?.key
}

describe('the image a page preloads', () => {
  it('is the first cover of the list the page shows, with its filters', async () => {
    const unfiltered = await firstCoverOf('')
    const pools = await firstCoverOf('area=Seef&facility=pool&sort=price')
    expect(pools).toMatch(/^seef-/)
    expect(pools).not.toBe(unfiltered)
    expect((await image('gyms', url('/gyms?area=Seef&facility=pool&sort=price')))?.imageKey).toBe(pools)
    expect((await image('gyms', url('/gyms')))?.imageKey).toBe(unfiltered)
    expect((await image('gyms', url('/gyms?search=family')))?.imageKey).toBe(
      await firstCoverOf('search=family'),
    )
  })

  it('is the unfiltered list’s when the catalog refuses the filters, and none when nothing is found', async () => {
    const unfiltered = await firstCoverOf('')
    expect((await image('gyms', url('/gyms?area=Atlantis')))?.imageKey).toBe(unfiltered)
    expect((await image('gyms', url('/gyms?date=2020-01-01')))?.imageKey).toBe(unfiltered)
    expect(await image('gyms', url('/gyms?search=no-such-venue-anywhere'))).toBeUndefined()
  })

  it('is a venue page’s cover, and nothing for an unknown venue or another page', async () => {
    expect((await image('gym', url('/gyms/seef-towers-residences')))?.imageKey).toMatch(
      /^seef-towers-residences\//,
    )
    expect(await image('gym', url('/gyms/no-such-venue'))).toBeUndefined()
    expect(await image('home', url('/'))).toBeUndefined()
  })
})
