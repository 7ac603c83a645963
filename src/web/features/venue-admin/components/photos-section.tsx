import { type ChangeEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { venuePhotoTypes } from '../../../../shared/venue-photos.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { moved, useVenuePhotoMutations, useVenuePhotos } from '../photos-api.ts'
import { PhotoCard } from './photo-card.tsx'

/**
 * The photos part of the venue editor (/admin/venues/:id): add photos, choose the cover, put them
 * in order, describe them in both languages, delete them. Each change is saved at once.
 */
export function PhotosSection({ venueId }: { venueId: string }) {
  const { t } = useTranslation('venue-photos')
  const errorText = useErrorText()
  const headingId = useId()
  const photos = useVenuePhotos(venueId)
  const { upload, updateAlt, reorder, remove } = useVenuePhotoMutations(venueId)
  const fileInput = useRef<HTMLInputElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const [progress, setProgress] = useState<{ current: number; total: number }>()
  const [status, setStatus] = useState('')
  const [problems, setProblems] = useState<string[]>([])
  const [deleting, setDeleting] = useState<{ photoId: string; number: number }>()
  const list = photos.data?.photos ?? []
  const busy = reorder.isPending || remove.isPending

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    if (files.length === 0) return
    setStatus('')
    const failed: string[] = []
    let added = 0
    // One at a time: the server processes each in turn anyway, and the order is the one chosen.
    for (const [index, file] of files.entries()) {
      setProgress({ current: index + 1, total: files.length })
      try {
        await upload.mutateAsync(file)
        added++
      } catch (error) {
        failed.push(t('uploadFailed', { name: file.name, reason: errorText.of(error, t('actionFailed')) }))
      }
    }
    setProgress(undefined)
    setProblems(failed)
    if (added > 0) setStatus(t('uploaded', { count: added }))
  }

  function move(from: number, to: number) {
    setProblems([])
    reorder.mutate(
      moved(
        list.map((photo) => photo.key),
        from,
        to,
      ),
      {
        onSuccess: () => setStatus(t('moved', { from: from + 1, to: to + 1 })),
        onError: (error) => setProblems([errorText.of(error, t('actionFailed')) ?? t('actionFailed')]),
      },
    )
  }

  function confirmDelete() {
    if (!deleting) return
    remove.mutate(deleting.photoId, {
      onSuccess: () => setStatus(t('deleted')),
      onError: (error) => setProblems([errorText.of(error, t('actionFailed')) ?? t('actionFailed')]),
      onSettled: () => setDeleting(undefined),
    })
  }

  return (
    // A card like the editor's other sections, so the page reads as one form.
    <section aria-labelledby={headingId} className="space-y-4 rounded-card bg-white p-4 shadow-card sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-prose">
          <h2 id={headingId} className="text-xl font-bold text-brand-900">
            {t('title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('lead')}</p>
        </div>
        <div>
          <Button ref={addButton} busy={progress !== undefined} onClick={() => fileInput.current?.click()}>
            {t('add')}
          </Button>
          {/* Opened by the button above, which is what keyboards and screen readers reach. */}
          <input
            ref={fileInput}
            type="file"
            accept={venuePhotoTypes.join(',')}
            multiple
            hidden
            tabIndex={-1}
            aria-label={t('add')}
            onChange={(event) => void onFiles(event)}
          />
        </div>
      </div>
      <p className="text-sm text-muted">{t('types')}</p>
      <p role="status" aria-live="polite" className="text-sm font-medium text-brand-900">
        {progress ? t('uploading', progress) : status}
      </p>
      {problems.length > 0 && (
        <ul
          role="alert"
          className="space-y-1 rounded-xl bg-accent-500/10 p-3 text-sm font-medium text-accent-600"
        >
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {photos.isPending ? (
        <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <p role="status" className="sr-only">
            {t('loading')}
          </p>
          {[1, 2, 3].map((key) => (
            <div key={key} className="aspect-[3/2] animate-pulse rounded-card bg-sand-200/70" />
          ))}
        </div>
      ) : photos.isError ? (
        <div role="alert" className="rounded-xl bg-sand-100 p-6 text-center">
          <p className="mb-4 text-ink">{t('loadFailed')}</p>
          <Button busy={photos.isFetching} onClick={() => void photos.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-xl bg-sand-100 p-8 text-center text-ink">{t('empty')}</p>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((photo, index) => (
            <PhotoCard
              key={photo.key}
              photo={photo}
              number={index + 1}
              count={list.length}
              busy={busy}
              onMove={(to) => move(index, to)}
              onDelete={() => setDeleting({ photoId: photo.photoId, number: index + 1 })}
              onSaveAlt={(alt) => updateAlt.mutateAsync({ photoId: photo.photoId, alt })}
            />
          ))}
        </ol>
      )}
      <Dialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(undefined)}
        title={t('confirmTitle')}
        description={deleting && t('confirmText', { number: deleting.number })}
        returnFocusTo={addButton}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={remove.isPending} onClick={() => setDeleting(undefined)}>
            {t('cancel')}
          </Button>
          <Button variant="accent" busy={remove.isPending} onClick={confirmDelete}>
            {t('confirmDelete')}
          </Button>
        </div>
      </Dialog>
    </section>
  )
}
