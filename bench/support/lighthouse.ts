import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'

/** Debian's Chromium, with the flags this closed network needs (no background calls home). */
const chromeFlags = [
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
}

export async function withChrome<T>(body: (port: number) => Promise<T>): Promise<T> {
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags })
  try {
    return await body(chrome.port)
  } finally {
    chrome.kill()
  }
}

/** One Lighthouse performance run: mobile form factor, default simulated throttling. */
export async function auditPage(
  port: number,
  url: string,
  headers: Record<string, string>,
  reportFile?: string,
): Promise<PageFigures> {
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
  if (reportFile) {
    mkdirSync(dirname(reportFile), { recursive: true })
    writeFileSync(reportFile, String(result.report))
    writeFileSync(reportFile.replace(/\.html$/, '.json'), JSON.stringify(lhr))
  }
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
