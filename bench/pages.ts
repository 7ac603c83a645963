import { freePort } from '../tests/e2e/support/server-process.ts'
import type { Benchmark } from './support/context.ts'
import { withHttpsFront } from './support/https-front.ts'
import { initialAssets } from './support/initial-js.ts'
import { earlyActionsFor, type Interactivity, measureInteractivity } from './support/interactivity.ts'
import { auditPageMedian, type PageFigures } from './support/lighthouse.ts'
import { withPostgresServer } from './support/postgres-server.ts'
import { type Figure, report, resultsDir } from './support/report.ts'

/** Lighthouse's pages: the home page, a filtered venue list and a venue page. */
const pages = ['/', '/gyms?area=seef&facility=pool', '/gyms/manama-marina-hotel']
/** The pages loaded with early taps and typing (the list's search is its early action). */
const interactivePages = ['/', '/gyms', '/gyms/manama-marina-hotel']
/** The language is the `lang` cookie, which the server renders the page in and the app then keeps. */
const languages = { en: {}, ar: { Cookie: 'lang=ar' } }
const initialJsBudgetKiB = 120
/** Loads per page for the interactivity figures (their median is reported). */
const interactivityRuns = 3
const deadWindowTargetMs = 1000
/** Lighthouse runs per page and language; the median run is reported (its score moves run to run). */
const lighthouseRuns = 3

/**
 * Lighthouse (mobile, simulated throttling) on the home page, the venue list and a venue page in
 * English and Arabic (the median of three runs each), and the gzipped size of the JavaScript the first page needs before it starts.
 */
export const pagesBenchmark: Benchmark = {
  name: 'pages',
  description:
    'Lighthouse mobile score, LCP, TBT and CLS of /, /gyms and a venue page in en and ar; initial JS; first paint to interactive, with taps made at once',
  run: async (context) => {
    // Through the production front, with TLS and HTTP/2 (support/https-front.ts); the server's
    // public address is the front's, as in production.
    const frontPort = await freePort()
    const front = `https://127.0.0.1:${frontPort}`
    return withPostgresServer(
      context,
      'pages server',
      (server) => withHttpsFront(server.baseURL, frontPort, () => measurePages(front)),
      { PUBLIC_URL: front },
    )
  },
}

async function measurePages(baseURL: string) {
  const audits: Record<string, PageFigures> = {}
  for (const [language, headers] of Object.entries(languages))
    for (const page of pages) {
      const name = `${page} ${language}`
      const reportFile = new URL(`lighthouse/${slug(page)}-${language}.html`, resultsDir).pathname
      audits[name] = await auditPageMedian(`${baseURL}${page}`, headers, lighthouseRuns, reportFile)
      const { score, lcpMs, tbtMs, cls, benchmarkIndex } = audits[name]
      console.log(
        `${name}: score ${score}, LCP ${lcpMs} ms, TBT ${tbtMs} ms, CLS ${cls} (CPU benchmark index ${benchmarkIndex}; median of ${audits[name].runs?.map((run) => run.score).join(', ')})`,
      )
    }
  const interactivity: Record<string, Interactivity> = {}
  for (const page of interactivePages) {
    const runs: Interactivity[] = []
    for (let run = 0; run < interactivityRuns; run++)
      runs.push(await measureInteractivity(`${baseURL}${page}`, earlyActionsFor(page)))
    interactivity[page] = medianRun(runs)
    const { fcpMs, readyMs, windowMs, scriptKiB, actions, lost, early } = interactivity[page]
    console.log(
      `${page}: FCP ${fcpMs} ms, interactive ${readyMs} ms, window ${windowMs} ms, JS before it ${scriptKiB} KiB, ${lost} of ${actions} early actions lost (${early} made before the app)`,
    )
  }
  const assets = initialAssets()
  const figures: Figure[] = [
    // Read from the build, gzipped: a page also fetches its own chunks, and is sent brotli; the
    // budget is on what each page fetched in the browser (below).
    {
      name: 'initial JS for / (gzip)',
      value: Math.round((assets.scriptGzipBytes / 1024) * 10) / 10,
      unit: 'KiB',
    },
    {
      name: 'initial CSS (gzip)',
      value: Math.round((assets.stylesheetGzipBytes / 1024) * 10) / 10,
      unit: 'KiB',
    },
    ...Object.entries(interactivity).flatMap(([page, figures]): Figure[] => [
      { name: `${page} first paint (throttled)`, value: figures.fcpMs, unit: 'ms' },
      { name: `${page} interactive (data-app-ready)`, value: figures.readyMs, unit: 'ms' },
      {
        name: `${page} window from first paint to interactive`,
        value: figures.windowMs,
        unit: 'ms',
        target: { kind: 'max', value: deadWindowTargetMs },
      },
      {
        name: `${page} JS fetched before interactive`,
        value: figures.scriptKiB,
        unit: 'KiB',
        target: { kind: 'max', value: initialJsBudgetKiB },
      },
      {
        name: `${page} early actions lost (of ${figures.actions})`,
        value: figures.lost,
        unit: '',
        target: { kind: 'equal', value: 0 },
      },
    ]),
    ...Object.entries(audits).flatMap(([name, audit]): Figure[] => [
      { name: `${name} score`, value: audit.score, unit: '', target: { kind: 'min', value: 100 } },
      { name: `${name} LCP`, value: audit.lcpMs, unit: 'ms', target: { kind: 'max', value: 1500 } },
      { name: `${name} TBT`, value: audit.tbtMs, unit: 'ms' },
      { name: `${name} CLS`, value: audit.cls, unit: '', target: { kind: 'max', value: 0 } },
      { name: `${name} CPU benchmark index`, value: audit.benchmarkIndex, unit: '' },
    ]),
  ]
  return report('pages', figures, { assets, lighthouse: audits, interactivity })
}

/** The run with the median window, with the most actions lost of any run (none may be lost in any). */
function medianRun(runs: Interactivity[]): Interactivity {
  const sorted = [...runs].sort((a, b) => a.windowMs - b.windowMs)
  const median = sorted[Math.floor(sorted.length / 2)] as Interactivity
  return { ...median, lost: Math.max(...runs.map((run) => run.lost)) }
}

/** A file name for a page's Lighthouse report: "/" is "home", "/gyms/x" is "gyms-x", "/gyms?a=b" "gyms-a-b". */
function slug(page: string): string {
  return page === '/' ? 'home' : page.slice(1).replaceAll(/[/?&=]/g, '-')
}
