// `npm run bench` runs every benchmark; `npm run bench -- api pages` runs some of them.
// `--seconds=N` sets each load pass's length (default 10), `--profile` profiles the server.
// Each prints a table and writes bench/results/<name>.json; a missed target makes the run exit 1.
import { apiBenchmark } from './api.ts'
import { catalogBenchmark } from './catalog.ts'
import { checkoutBenchmark } from './checkout.ts'
import { coldStartBenchmark } from './cold-start.ts'
import { fleetBenchmark } from './fleet.ts'
import { oversellingBenchmark } from './overselling.ts'
import { pagesBenchmark } from './pages.ts'
import { photosBenchmark } from './photos.ts'
import { reportsBenchmark } from './reports.ts'
import type { BenchContext, Benchmark } from './support/context.ts'
import { describeMachine } from './support/machine.ts'
import type { BenchResult } from './support/report.ts'

const benchmarks: Benchmark[] = [
  apiBenchmark,
  catalogBenchmark,
  checkoutBenchmark,
  oversellingBenchmark,
  pagesBenchmark,
  coldStartBenchmark,
  reportsBenchmark,
  photosBenchmark,
  fleetBenchmark,
]

const args = process.argv.slice(2)
if (args.includes('--help')) {
  console.log('npm run bench -- [name…] [--seconds=N] [--profile]\n')
  for (const benchmark of benchmarks) console.log(`  ${benchmark.name.padEnd(12)} ${benchmark.description}`)
  process.exit(0)
}
const names = args.filter((arg) => !arg.startsWith('--'))
const unknown = names.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name))
if (unknown.length) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}; choose from ${benchmarks.map((b) => b.name).join(', ')}`,
  )
  process.exit(2)
}
const secondsArg = args.find((arg) => arg.startsWith('--seconds='))
const context: BenchContext = {
  seconds: Number(secondsArg?.split('=')[1] ?? process.env.BENCH_SECONDS ?? 10),
  connections: 50,
  profile: args.includes('--profile'),
}

const machine = describeMachine()
console.log(
  `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, load ${machine.loadAverage}`,
)
const results: BenchResult[] = []
for (const benchmark of benchmarks.filter((b) => names.length === 0 || names.includes(b.name))) {
  try {
    results.push(await benchmark.run(context))
  } catch (error) {
    console.error(`\n${benchmark.name} failed to run:`, error)
    results.push({ name: benchmark.name, figures: [], details: { error: String(error) }, passed: false })
  }
}

const missed = results.filter((result) => !result.passed)
console.log(
  missed.length
    ? `\n${missed.length} of ${results.length} benchmarks missed a target: ${missed.map((r) => r.name).join(', ')}`
    : `\nAll ${results.length} benchmarks met their targets.`,
)
process.exitCode = missed.length ? 1 : 0
