import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ErrorCode } from '../../../../shared/errors.ts'
import { type EquipmentId, type ScanResult, scanImageProblem } from '../../../../shared/scan.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { PageHeader } from '../../static-pages/page-header.tsx'
import { analyzeImage, readDataUrl, useScanConfig } from '../api.ts'
import { CaloriePanel } from '../components/calorie-panel.tsx'
import { EquipmentPicker } from '../components/equipment-picker.tsx'
import { ImageDropZone } from '../components/image-drop-zone.tsx'

const card = 'rounded-card bg-white p-6 shadow-card md:p-8'

/**
 * The equipment scanner: a photo goes to the server's vision model, which names the equipment;
 * the calories come from the Compendium's MET values for the weight and minutes the user enters.
 * The screen is the spec's on every setup (upload, preview, Analyze Equipment, placeholder). Without
 * a model on the server, analysing says that automatic recognition is unavailable and offers the
 * equipment picker beside the photo (docs/decisions/014, 020).
 */
export function ScanPage() {
  const { t } = useTranslation('scan')
  const errorText = useErrorText()
  const config = useScanConfig()
  // Unknown until the setting is read (or if it cannot be): the server's answer then says.
  const automatic = config.data?.automatic ?? true
  const inputRef = useRef<HTMLInputElement>(null)
  const [preview, setPreview] = useState<string>()
  const [fileError, setFileError] = useState<ErrorCode>()
  const [analyzing, setAnalyzing] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const [result, setResult] = useState<ScanResult>()
  const [picked, setPicked] = useState<EquipmentId | null>(null)
  /** The photo was analysed, but there is no model to recognise it: the visitor picks instead. */
  const [unavailable, setUnavailable] = useState(false)

  function startOver(nextPreview?: string) {
    setPreview(nextPreview)
    setFailure(undefined)
    setResult(undefined)
    setPicked(null)
    setUnavailable(false)
  }

  async function choose(file: File) {
    const problem = scanImageProblem(file)
    setFileError(problem)
    if (problem) return startOver()
    try {
      startOver(await readDataUrl(file))
    } catch {
      setFileError('IMAGE_UNREADABLE')
    }
  }

  function remove() {
    setFileError(undefined)
    startOver()
    inputRef.current?.focus()
  }

  async function analyze() {
    if (!preview) return
    setFailure(undefined)
    // No model: nothing to send, the photo stays on screen and the picker comes up beside it.
    if (!automatic) return setUnavailable(true)
    setAnalyzing(true)
    try {
      const answer = await analyzeImage(preview.slice(preview.indexOf(',') + 1))
      setResult(answer)
      setPicked(null)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SCAN_NOT_CONFIGURED') setUnavailable(true)
      else setFailure(error)
    } finally {
      setAnalyzing(false)
    }
  }

  /** The spec's message for a failed analysis (never the provider's words), a known refusal, or the fallback. */
  function failureText(error: unknown): string | undefined {
    if (!(error instanceof ApiError)) return t('failedFallback')
    if (error.code === 'ANALYSIS_FAILED') return errorText('ANALYSIS_FAILED')
    return errorText.of(error, t('failedFallback'))
  }

  const equipment = result?.equipment?.id ?? picked

  return (
    <article>
      <PageHeader heading={t('heading')} lead={t('lead')} />
      <div className="container-page grid items-start gap-6 py-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <section aria-labelledby="scan-input-heading" className={card}>
          <div className="space-y-5">
            <h2 id="scan-input-heading" className="text-xl font-bold text-brand-900">
              {t('upload.heading')}
            </h2>
            <ImageDropZone
              preview={preview}
              error={errorText(fileError)}
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
            {failure !== undefined && (
              <p role="alert" className="text-sm font-medium text-accent-600">
                {failureText(failure)}
              </p>
            )}
            <p className="text-sm text-muted">{t('upload.privacy')}</p>
          </div>
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
            ) : unavailable ? (
              <p className="rounded-xl bg-sand-100 p-4 text-sm">{t('results.unavailable')}</p>
            ) : (
              <p className="text-muted">{t('results.placeholder')}</p>
            )}
          </div>
          {((result && !result.equipment) || unavailable) && (
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
