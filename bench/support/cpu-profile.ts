import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
  children?: number[]
}

export interface HotFrame {
  /** Share of all samples spent in the function itself (not its callees), in percent. */
  selfPercent: number
  frame: string
}

/**
 * The functions that took the most CPU in the `.cpuprofile` files that `node --cpu-prof` wrote to
 * `dir`: a text-mode flame graph's top, enough to see what a request costs.
 */
export function topFrames(dir: string, count = 25): HotFrame[] {
  const bySelf = new Map<string, number>()
  let total = 0
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { nodes: ProfileNode[] }
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0
      if (!hits) continue
      const frame = describe(node.callFrame)
      bySelf.set(frame, (bySelf.get(frame) ?? 0) + hits)
      total += hits
    }
  }
  return [...bySelf.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, hits]) => ({ selfPercent: Math.round((hits / total) * 1000) / 10, frame }))
}

/** The same top frames grouped by package (or "app" for our own code, "node" for Node's). */
export function topPackages(dir: string): HotFrame[] {
  const frames = topFrames(dir, Number.POSITIVE_INFINITY)
  const byPackage = new Map<string, number>()
  for (const { frame, selfPercent } of frames) {
    const where = frame.split(' ').at(-1) ?? ''
    const match = where.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
    const name =
      match?.[1] ?? (where.startsWith('node:') ? 'node' : where.includes('dist/') ? 'app' : where || '(vm)')
    byPackage.set(name, (byPackage.get(name) ?? 0) + selfPercent)
  }
  return [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([frame, selfPercent]) => ({ frame, selfPercent: Math.round(selfPercent * 10) / 10 }))
}

function describe({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  const file = url.startsWith('file://') ? relative(process.cwd(), new URL(url).pathname) : url
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim()
}

export function printProfile(title: string, dir: string) {
  console.log(`\n${title}: CPU by package (self time)`)
  for (const { selfPercent, frame } of topPackages(dir))
    console.log(`${selfPercent.toFixed(1).padStart(6)}%  ${frame}`)
  console.log(`${title}: hottest functions (self time)`)
  for (const { selfPercent, frame } of topFrames(dir, 20))
    console.log(`${selfPercent.toFixed(1).padStart(6)}%  ${frame}`)
}
