import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type EquipmentId, type ScanResult, scanImageProblem } from '../../../../shared/scan.ts'
import { Button, Spinner } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { PageHeader } from '../../static-pages/page-header.tsx'
import { analyzeImage, readDataUrl, useScanConfig } from '../api.ts'
import { CaloriePanel } from '../components/calorie-panel.tsx'
import { EquipmentPicker } from '../components/equipment-picker.tsx'
import { ImageDropZone } from '../components/image-drop-zone.tsx'

const card = 'rounded-card bg-white p-6 shadow-card md:p-8'

/**
 * The equipment scanner: a photo goes to the server's vision model, which names the equipment;
 * the calories come from the Compendium's MET values for the weight and minutes the user enters.
 * Without a model on the server, the user picks the equipment instead (docs/decisions/014).
 */
export function ScanPage() {
  const { t } = useTranslation('scan')
  const messages = t('errors', { returnObjects: true }) as Record<string, string>
  const config = useScanConfig()
  // If the setting cannot be read, offer the upload: the server's answer will say if it cannot scan.
  const automatic = config.data?.automatic ?? config.isError
  const inputRef = useRef<HTMLInputElement>(null)
  const [preview, setPreview] = useState<string>()
  const [fileError, setFileError] = useState<string>()
  const [analyzing, setAnalyzing] = useState(false)
  const [failure, setFailure] = useState<string>()
  const [result, setResult] = useState<ScanResult>()
  const [picked, setPicked] = useState<EquipmentId | null>(null)

  function startOver(nextPreview?: string) {
    setPreview(nextPreview)
    setFailure(undefined)
    setResult(undefined)
    setPicked(null)
  }

  async function choose(file: File) {
    const problem = scanImageProblem(file)
    setFileError(problem ? (messages[problem] ?? problem) : undefined)
    if (problem) return startOver()
    try {
      startOver(await readDataUrl(file))
    } catch {
      setFileError(messages['The image could not be read. Please choose another photo.'])
    }
  }

  function remove() {
    setFileError(undefined)
    startOver()
    inputRef.current?.focus()
  }

  async function analyze() {
    if (!preview) return
    setAnalyzing(true)
    setFailure(undefined)
    try {
      const answer = await analyzeImage(preview.slice(preview.indexOf(',') + 1))
      setResult(answer)
      setPicked(null)
    } catch (error) {
      setFailure(failureText(error))
    } finally {
      setAnalyzing(false)
    }
  }

  /** The spec's message with the server's details, a known refusal in the visitor's language, or the fallback. */
  function failureText(error: unknown): string {
    if (error instanceof ApiError && error.details) return `${t('failed')} ${error.details}`
    if (error instanceof ApiError && messages[error.message]) return messages[error.message] ?? ''
    return t('failedFallback')
  }

  const equipment = result?.equipment?.id ?? picked

  return (
    <article>
      <PageHeader heading={t('heading')} lead={t('lead')} />
      <div className="container-page grid items-start gap-6 py-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <section aria-labelledby="scan-input-heading" className={card}>
          {config.isPending ? (
            <Spinner className="size-6 text-brand-700" />
          ) : automatic ? (
            <div className="space-y-5">
              <h2 id="scan-input-heading" className="text-xl font-bold text-brand-900">
                {t('upload.heading')}
              </h2>
              <ImageDropZone
                preview={preview}
                error={fileError}
                onChoose={(file) => void choose(file)}
                onRemove={remove}
                inputRef={inputRef}
              />
              <Button
                size="lg"
                className="w-full"
                disabled={!preview}
                busy={analyzing}
                onClick={() => void analyze()}
              >
                {t('upload.analyze')}
              </Button>
              {failure && (
                <p role="alert" className="text-sm font-medium text-accent-600">
                  {failure}
                </p>
              )}
              <p className="text-sm text-muted">{t('upload.privacy')}</p>
            </div>
          ) : (
            <div className="space-y-5">
              <h2 id="scan-input-heading" className="text-xl font-bold text-brand-900">
                {t('manual.heading')}
              </h2>
              <p className="rounded-xl bg-sand-100 p-4 text-sm">{t('manual.notSetUp')}</p>
              <EquipmentPicker legend={t('manual.legend')} value={picked} onChange={setPicked} />
            </div>
          )}
        </section>

        <section aria-labelledby="scan-results-heading" className={card}>
          <h2 id="scan-results-heading" className="mb-4 text-xl font-bold text-brand-900">
            {t('results.heading')}
          </h2>
          <div aria-live="polite" className="mb-5">
            {equipment ? (
              <>
                <p className="text-2xl font-bold text-brand-800">{t(`equipment.${equipment}.name`)}</p>
                {result?.equipment && (
                  <p className="text-muted">
                    {t('results.confidence', { percent: Math.round(result.confidence * 100) })}
                  </p>
                )}
              </>
            ) : result ? (
              <p>{t('results.noneFound')}</p>
            ) : (
              <p className="text-muted">
                {t(automatic || config.isPending ? 'results.placeholder' : 'results.manualPlaceholder')}
              </p>
            )}
          </div>
          {result && !result.equipment && (
            <div className="mb-5">
              <EquipmentPicker legend={t('manual.notFoundLegend')} value={picked} onChange={setPicked} />
            </div>
          )}
          {equipment && <CaloriePanel equipment={equipment} />}
        </section>
      </div>
    </article>
  )
}
