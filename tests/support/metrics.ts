import type { TestApp } from './test-app.ts'

export interface MetricSample {
  name: string
  labels: Record<string, string>
  value: number
}

/** The samples of a Prometheus text page: `name{label="value",…} number` lines, comments left out. */
export function parseMetrics(text: string): MetricSample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
      if (!match) throw new Error(`not a Prometheus sample: ${line}`)
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      )
      return { name: match[1] as string, labels, value: Number(match[3]) }
    })
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when none. */
export function sampleValue(
  samples: MetricSample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`)
  return found[0]?.value
}

/** /metrics as a scraper on the same machine reads it. */
export async function scrape(t: TestApp): Promise<MetricSample[]> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' })
  if (response.statusCode !== 200) throw new Error(`/metrics answered ${response.statusCode}`)
  return parseMetrics(response.body)
}
