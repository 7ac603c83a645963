import { uploadedPhotoIdPattern, type VenuePhoto } from '../../../shared/venue-photos.ts'
import { type AuditActor, recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import type { VenueImagesTable } from '../../platform/db/schema.ts'
import { HttpError } from '../../platform/http/errors.ts'

/**
 * A venue's photos are its rows in venue_images, in order: position 0 is the cover. The primary
 * key (venue_id, position) means positions are moved in two steps (reorder), and every change
 * takes the venue's row lock first, so two edits of one venue's photos never interleave.
 */

/** Moved out of the way first, so no two rows ever share a position mid-change. */
const aside = 1_000_000

function toPhoto(row: VenueImagesTable, venueId: string): VenuePhoto {
  const photoId = row.image_key.slice(venueId.length + 1)
  return {
    key: row.image_key,
    photoId,
    position: row.position,
    cover: row.position === 0,
    uploaded: uploadedPhotoIdPattern.test(photoId),
    altEn: row.alt_en,
    altAr: row.alt_ar,
  }
}

export async function listPhotos(db: Database, venueId: string): Promise<VenuePhoto[]> {
  const rows = await db
    .selectFrom('venue_images')
    .selectAll()
    .where('venue_id', '=', venueId)
    .orderBy('position')
    .execute()
  return rows.map((row) => toPhoto(row, venueId))
}

/** Takes the venue's row lock for the transaction; 404 when there is no such venue. */
async function lockVenue(trx: Database, venueId: string): Promise<void> {
  const venue = await trx
    .selectFrom('venues')
    .select('id')
    .where('id', '=', venueId)
    .forUpdate()
    .executeTakeFirst()
  if (!venue) throw new HttpError(404, 'GYM_NOT_FOUND')
}

export async function venueExists(db: Database, venueId: string): Promise<boolean> {
  const venue = await db.selectFrom('venues').select('id').where('id', '=', venueId).executeTakeFirst()
  return venue !== undefined
}

/** Renumbers the venue's photos 0, 1, 2… in the order of `keys`. */
async function renumber(trx: Database, venueId: string, keys: readonly string[]): Promise<void> {
  await trx
    .updateTable('venue_images')
    .set((eb) => ({ position: eb('position', '+', aside) }))
    .where('venue_id', '=', venueId)
    .execute()
  for (const [position, key] of keys.entries())
    await trx
      .updateTable('venue_images')
      .set({ position })
      .where('venue_id', '=', venueId)
      .where('image_key', '=', key)
      .execute()
}

/** Adds an uploaded photo last (the first photo of a venue becomes its cover), with empty alt texts. */
export async function addPhoto(
  db: Database,
  actor: AuditActor,
  venueId: string,
  imageKey: string,
): Promise<VenuePhoto> {
  return db.transaction().execute(async (trx) => {
    await lockVenue(trx, venueId)
    const last = await trx
      .selectFrom('venue_images')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('venue_id', '=', venueId)
      .executeTakeFirst()
    const position = last?.position == null ? 0 : Number(last.position) + 1
    const row = await trx
      .insertInto('venue_images')
      .values({ venue_id: venueId, position, image_key: imageKey, alt_en: '', alt_ar: '' })
      .returningAll()
      .executeTakeFirstOrThrow()
    const photo = toPhoto(row, venueId)
    await recordAudit(trx, actor, {
      action: 'photo.add',
      entityType: 'venue_photo',
      entityId: imageKey,
      venueId,
      after: photo,
    })
    return photo
  })
}

async function findRow(trx: Database, venueId: string, photoId: string): Promise<VenueImagesTable> {
  const row = await trx
    .selectFrom('venue_images')
    .selectAll()
    .where('venue_id', '=', venueId)
    .where('image_key', '=', `${venueId}/${photoId}`)
    .executeTakeFirst()
  if (!row) throw new HttpError(404, 'PHOTO_NOT_FOUND')
  return row
}

export async function updateAltTexts(
  db: Database,
  actor: AuditActor,
  venueId: string,
  photoId: string,
  alt: { altEn: string; altAr: string },
): Promise<VenuePhoto> {
  return db.transaction().execute(async (trx) => {
    await lockVenue(trx, venueId)
    const before = toPhoto(await findRow(trx, venueId, photoId), venueId)
    const row = await trx
      .updateTable('venue_images')
      .set({ alt_en: alt.altEn, alt_ar: alt.altAr })
      .where('venue_id', '=', venueId)
      .where('image_key', '=', before.key)
      .returningAll()
      .executeTakeFirstOrThrow()
    const after = toPhoto(row, venueId)
    await recordAudit(trx, actor, {
      action: 'photo.update',
      entityType: 'venue_photo',
      entityId: before.key,
      venueId,
      before: { altEn: before.altEn, altAr: before.altAr },
      after: { altEn: after.altEn, altAr: after.altAr },
    })
    return after
  })
}

/** Puts the photos in the order of `keys`, which must name each of the venue's photos once. */
export async function reorderPhotos(
  db: Database,
  actor: AuditActor,
  venueId: string,
  keys: readonly string[],
): Promise<VenuePhoto[]> {
  return db.transaction().execute(async (trx) => {
    await lockVenue(trx, venueId)
    const current = (await listPhotos(trx, venueId)).map((photo) => photo.key)
    const same =
      keys.length === current.length &&
      new Set(keys).size === keys.length &&
      keys.every((key) => current.includes(key))
    if (!same) throw new HttpError(409, 'PHOTO_ORDER_INVALID')
    await renumber(trx, venueId, keys)
    await recordAudit(trx, actor, {
      action: 'photo.reorder',
      entityType: 'venue',
      entityId: venueId,
      venueId,
      before: current,
      after: keys,
    })
    return listPhotos(trx, venueId)
  })
}

/** Removes the photo from the venue's list and closes the gap (the next one up becomes the cover). */
export async function deletePhoto(
  db: Database,
  actor: AuditActor,
  venueId: string,
  photoId: string,
): Promise<VenuePhoto> {
  return db.transaction().execute(async (trx) => {
    await lockVenue(trx, venueId)
    const removed = toPhoto(await findRow(trx, venueId, photoId), venueId)
    await trx
      .deleteFrom('venue_images')
      .where('venue_id', '=', venueId)
      .where('image_key', '=', removed.key)
      .execute()
    const rest = (await listPhotos(trx, venueId)).map((photo) => photo.key)
    await renumber(trx, venueId, rest)
    await recordAudit(trx, actor, {
      action: 'photo.delete',
      entityType: 'venue_photo',
      entityId: removed.key,
      venueId,
      before: removed,
    })
    return removed
  })
}
