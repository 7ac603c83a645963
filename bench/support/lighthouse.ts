import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'

/**
 * Debian's Chromium, with the flags this closed network needs (no background calls home), and
 * accepting the benchmark front's self-signed certificate (support/https-front.ts).
 */
const chromeFlags = [
  '--ignore-certificate-errors',
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export interface PageFigures {
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  /**
   * Lighthouse's own measure of this machine's CPU speed: its simulated throttling multiplies what
   * it observed here, so TBT and the score fall on a slower machine. Compare runs by it.
   */
  benchmarkIndex: number
  /** JavaScript bytes the page load transferred (as served: brotli when the server has it). */
  scriptTransferBytes: number
  /** The opportunities and diagnostics Lighthouse flagged, by audit id, with their score. */
  flagged: { id: string; title: string; score: number | null; displayValue?: string }[]
  /** Every run's score, LCP and TBT, when these figures are the median of several runs. */
  runs?: { score: number; lcpMs: number; tbtMs: number }[]
}

export async function withChrome<T>(body: (port: number) => Promise<T>): Promise<T> {
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags })
  try {
    return await body(chrome.port)
  } finally {
    chrome.kill()
  }
}

/**
 * Lighthouse `runs` times on `url`, each in a fresh browser (Lighthouse keeps cookies between runs,
 * and the app stores the language it showed in one), and the figures of the median run: the one
 * nearest the median first paint and time to interactive, Lighthouse's own choice
 * (`computeMedianRun`), as its documentation advises for a score that moves from run to run. The
 * median run's report is written to `reportFile`.
 */
export async function auditPageMedian(
  url: string,
  headers: Record<string, string>,
  runs: number,
  reportFile?: string,
): Promise<PageFigures> {
  const results: { lhr: LighthouseResult; report: string }[] = []
  for (let run = 0; run < runs; run++)
    results.push(await retryOnce(() => withChrome((port) => runLighthouse(port, url, headers))))
  const median = computeMedianRun(results.map((result) => result.lhr))
  const chosen = results.find((result) => result.lhr === median) as (typeof results)[number]
  if (reportFile) {
    mkdirSync(dirname(reportFile), { recursive: true })
    writeFileSync(reportFile, chosen.report)
    writeFileSync(reportFile.replace(/\.html$/, '.json'), JSON.stringify(chosen.lhr))
  }
  return {
    ...figuresOf(chosen.lhr),
    runs: results.map(({ lhr }) => {
      const { score, lcpMs, tbtMs } = figuresOf(lhr)
      return { score, lcpMs, tbtMs }
    }),
  }
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

/** One Lighthouse performance run: mobile form factor, default simulated throttling. */
async function runLighthouse(
  port: number,
  url: string,
  headers: Record<string, string>,
): Promise<{ lhr: LighthouseResult; report: string }> {
  const result = await lighthouse(url, {
    port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: headers,
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`)
  return { lhr, report: String(result.report) }
}

function figuresOf(lhr: LighthouseResult): PageFigures {
  const audit = (id: string) => lhr.audits[id]
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN
  const requests = (
    audit('network-requests')?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(numeric('first-contentful-paint')),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    scriptTransferBytes: (requests ?? [])
      .filter((request) => request.resourceType === 'Script')
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    flagged: Object.values(lhr.audits)
      .filter(
        (entry) =>
          entry.score !== null &&
          entry.score < 0.9 &&
          (entry.scoreDisplayMode === 'numeric' ||
            entry.scoreDisplayMode === 'binary' ||
            entry.scoreDisplayMode === 'metricSavings'),
      )
      .map((entry) => ({
        id: entry.id,
        title: entry.title,
        score: entry.score,
        ...(entry.displayValue ? { displayValue: entry.displayValue } : {}),
      })),
  }
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): try once more. */
async function retryOnce<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    console.warn(`Lighthouse failed, trying again: ${(error as Error).message}`)
    return run()
  }
}
