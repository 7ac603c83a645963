import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * deploy/daypass@.service as systemd rates it: `systemd-analyze security` (offline, on the file,
 * as instance daypass@3001) sums what the unit leaves open into an exposure level from 0 (locked
 * down) to 10 (EXPOSED). Needs systemd 250+, for --offline.
 */
const analyzer = process.env.SYSTEMD_ANALYZE_BIN ?? 'systemd-analyze'
const version = spawnSync(analyzer, ['--version'], { encoding: 'utf8' })
const major = Number(version.stdout?.match(/^systemd (\d+)/)?.[1] ?? 0)
const missing =
  version.status !== 0
    ? `${analyzer} is not installed (set SYSTEMD_ANALYZE_BIN)`
    : major < 250
      ? `${analyzer} is systemd ${major}, older than 250 (no --offline)`
      : undefined
if (missing) console.warn(`The unit's security rating is skipped: ${missing}.`)

/** What `systemd-analyze <command>` says of the unit, as instance daypass@3001. */
function analyze(...command: string[]): string {
  const directory = mkdtempSync(join(tmpdir(), 'unit-'))
  try {
    const unit = join(directory, 'daypass@3001.service')
    copyFileSync('deploy/daypass@.service', unit)
    const run = spawnSync(analyzer, [...command, '--no-pager', unit], { encoding: 'utf8' })
    return `${run.stdout}${run.stderr}`
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

describe.skipIf(Boolean(missing))('the systemd unit deploy/daypass@.service', () => {
  it('is rated under 4 by systemd-analyze security, and leaves Node its JIT', () => {
    const report = analyze('security', '--offline=true')
    const exposure = report.match(/Overall exposure level for daypass@3001\.service: (\d+\.\d+)/)?.[1]
    expect(Number(exposure ?? Number.NaN), report).toBeLessThan(4)
    // Node's JIT writes the code it runs: MemoryDenyWriteExecute would stop the server at start.
    expect(report).toMatch(/✗ MemoryDenyWriteExecute=/)
  })

  it('has no setting systemd would ignore', () => {
    // systemd skips a setting it cannot parse with a warning and starts the unit anyway, without it.
    const warnings = analyze('verify', '--man=no')
      .split('\n')
      .filter((line) => /ignoring|unknown/i.test(line))
    expect(warnings).toEqual([])
  })
})
