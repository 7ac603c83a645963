import { clsx } from 'clsx'
import { type DragEvent, type RefObject, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { scanImageTypes } from '../../../../shared/scan.ts'
import { Button } from '../../../components/ui/button.tsx'

interface ImageDropZoneProps {
  /** The chosen image as a data: URL, shown as the preview. */
  preview: string | undefined
  /** Already translated; announced when it appears. */
  error: string | undefined
  onChoose: (file: File) => void
  onRemove: () => void
  /** The file input, so the page can return focus to it after the image is removed. */
  inputRef: RefObject<HTMLInputElement | null>
}

/**
 * Where the photo is chosen: a real file input (reached with Tab, opened with Enter or Space)
 * inside a label that is also the drop target, then a preview with a remove button.
 */
export function ImageDropZone({ preview, error, onChoose, onRemove, inputRef }: ImageDropZoneProps) {
  const { t } = useTranslation('scan')
  const id = useId()
  const [dragging, setDragging] = useState(false)

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) onChoose(file)
  }

  return (
    <div className="space-y-3">
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={clsx(
          'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-card border-2 border-dashed px-4 text-center transition-colors focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-500',
          preview ? 'py-4' : 'py-10',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-brand-900/25 bg-sand-50 hover:border-brand-500',
        )}
      >
        {!preview && (
          <svg viewBox="0 0 24 24" aria-hidden="true" className="mb-2 size-10 text-brand-700">
            <path
              d="M4 7h3l1.5-2h7L17 7h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
            <circle cx="12" cy="12.5" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        )}
        <span className="font-semibold text-brand-800">
          {preview ? t('upload.chooseAnother') : t('upload.choose')}
        </span>
        <span className="text-sm text-muted"> {t('upload.drop')}</span>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={scanImageTypes.join(',')}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0]
            // Cleared so that choosing the same file again still counts as a choice.
            event.target.value = ''
            if (file) onChoose(file)
          }}
        />
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t('upload.hint')}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-accent-600">
          {error}
        </p>
      )}
      {preview && (
        <figure className="space-y-3">
          <img
            src={preview}
            alt={t('upload.previewAlt')}
            className="max-h-80 w-full rounded-card bg-sand-100 object-contain"
          />
          <Button variant="secondary" size="sm" onClick={onRemove}>
            {t('upload.remove')}
          </Button>
        </figure>
      )}
    </div>
  )
}
