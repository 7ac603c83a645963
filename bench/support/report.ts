import { mkdirSync, writeFileSync } from 'node:fs'
import { describeMachine } from './machine.ts'

/** One measured figure; with a target, the run fails when the figure misses it. */
export interface Figure {
  name: string
  value: number
  unit: string
  /** 'min': the value must be at least `value`; 'max': at most; 'equal': exactly. */
  target?: { kind: 'min' | 'max' | 'equal'; value: number }
}

export interface CheckedFigure extends Figure {
  /** value ÷ target: at least 1 passes a 'min' target, at most 1 passes a 'max' one. */
  ratio?: number
  pass?: boolean
}

export interface BenchResult {
  name: string
  figures: CheckedFigure[]
  /** Whatever else the benchmark wants to keep: raw autocannon figures, Lighthouse audits, notes. */
  details: Record<string, unknown>
  passed: boolean
}

export const resultsDir = new URL('../results/', import.meta.url)

export function check(figure: Figure): CheckedFigure {
  const { target } = figure
  if (!target) return figure
  const ratio =
    target.kind === 'equal' || target.value === 0 ? undefined : round(figure.value / target.value, 3)
  const pass =
    target.kind === 'min'
      ? figure.value >= target.value
      : target.kind === 'max'
        ? figure.value <= target.value
        : figure.value === target.value
  return { ...figure, ...(ratio === undefined ? {} : { ratio }), pass }
}

/** Checks the figures, prints them as a table and writes bench/results/<name>.json. */
export function report(name: string, figures: Figure[], details: Record<string, unknown> = {}): BenchResult {
  const checked = figures.map(check)
  const result: BenchResult = {
    name,
    figures: checked,
    details,
    passed: checked.every((figure) => figure.pass !== false),
  }
  printTable(name, checked)
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(
    new URL(`${name}.json`, resultsDir),
    `${JSON.stringify({ ...result, machine: describeMachine() }, null, 2)}\n`,
  )
  return result
}

function printTable(name: string, figures: CheckedFigure[]) {
  const symbol = { min: '≥', max: '≤', equal: '=' }
  const rows = figures.map((figure) => [
    figure.name,
    `${formatNumber(figure.value)} ${figure.unit}`.trim(),
    figure.target ? `${symbol[figure.target.kind]} ${formatNumber(figure.target.value)}` : '',
    figure.ratio === undefined ? '' : figure.ratio.toFixed(2),
    figure.pass === undefined ? '' : figure.pass ? 'pass' : 'MISS',
  ])
  const header = ['figure', 'value', 'target', 'ratio', '']
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')
  console.log(`\n${name}`)
  console.log(line(header))
  for (const row of rows) console.log(line(row))
}

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value)
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2)
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}
