import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The server and hardening test files share one module graph per worker (`isolate: false` in
 * vitest.config.ts, docs/testing.md): a module mocked or an environment variable changed by one
 * file would still be so in the files the worker runs after it.
 */
const root = join(import.meta.dirname, '..')
const sharedGraph = ['src/server', 'src/shared', 'scripts', 'tests/hardening']
const forbidden = [
  /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(/,
  /\bprocess\.env\.\w+\s*=[^=]/,
  /\bprocess\.env\[[^\]]+\]\s*=[^=]/,
  /\bdelete process\.env\b/,
]

function testFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name) && !name.includes('node_modules'))
    .map((name) => join(root, folder, name))
}

describe('test files that share a module graph', () => {
  it('mock no module and change no environment variable in place', () => {
    const offenders = sharedGraph
      .flatMap(testFiles)
      .filter((file) => file !== import.meta.filename)
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8')
        return forbidden.filter((rule) => rule.test(text)).map((rule) => `${relative(root, file)}: ${rule}`)
      })
    expect(offenders).toEqual([])
  })

  it('finds what it forbids', () => {
    const written = [
      'vi.mock("x")',
      'process.env.PORT = "1"',
      "process.env['A'] = 'b'",
      'delete process.env.A',
    ]
    expect(written.map((text) => forbidden.some((rule) => rule.test(text)))).toEqual([true, true, true, true])
    expect(forbidden.some((rule) => rule.test('if (process.env.PORT === "1") {}'))).toBe(false)
  })
})
