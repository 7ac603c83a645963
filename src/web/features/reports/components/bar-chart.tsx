import { useEffect, useRef } from 'react'
import type uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { loadChartLibrary } from './chart-library.ts'

export interface BarSeries {
  label: string
  values: number[]
  /** Passes 3:1 against the white card (WCAG 1.4.11), and differs from the other series' colour. */
  color: string
}

interface BarChartProps {
  /** Read by screen readers instead of the drawing; the figures are in the table beside it. */
  label: string
  categories: string[]
  series: BarSeries[]
  /** The value axis' ticks, e.g. BD without decimals. */
  formatValue: (value: number) => string
  /** Ticks only at whole steps of this size: 1 for counts, 1000 for fils shown as whole BD. */
  step?: number
  height?: number
}

/** Dark teal (7.9:1 on white) and dark amber (5.4:1), told apart by more than their hue. */
export const chartColors = ['#0f5f58', '#9a5b1a'] as const

const ink = '#14201f'
const grid = 'rgba(20, 32, 31, 0.12)'

/**
 * Bars drawn by uPlot on a canvas, one group per category, loaded with this page only. The canvas is
 * a picture (role img, named by `label`); the same figures are in the data table the page shows
 * beside each chart. The chart reads left to right in Arabic too, as the table's dates do.
 */
export function BarChart({ label, categories, series, formatValue, step, height = 240 }: BarChartProps) {
  const container = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = container.current
    if (!element) return
    let plot: uPlot | undefined
    let resize: ResizeObserver | undefined
    let cancelled = false
    void loadChartLibrary().then((UPlot) => {
      if (cancelled) return
      plot = draw(UPlot, element, { categories, series, formatValue, step, height })
      resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(element.clientWidth, 200), height }))
      resize.observe(element)
    })
    return () => {
      cancelled = true
      resize?.disconnect()
      plot?.destroy()
    }
  }, [categories, series, formatValue, step, height])

  return (
    <figure className="m-0">
      <div
        ref={container}
        role="img"
        aria-label={label}
        dir="ltr"
        className="w-full overflow-hidden"
        data-chart={JSON.stringify({ categories, series: series.map((one) => one.values) })}
      />
      {series.length > 1 && (
        <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-ink">
          {series.map((one) => (
            <span key={one.label} className="inline-flex items-center gap-2">
              <svg width="14" height="14" aria-hidden="true" focusable="false">
                <rect width="14" height="14" rx="2" fill={one.color} />
              </svg>
              {one.label}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  )
}

function draw(
  UPlot: typeof uPlot,
  element: HTMLDivElement,
  { categories, series, formatValue, step = 1, height = 240 }: Omit<BarChartProps, 'label'>,
): uPlot {
  const width = () => Math.max(element.clientWidth, 200)
  const groups = series.length
  const bars = (index: number) =>
    UPlot.paths.bars?.({
      size: [groups > 1 ? 0.4 : 0.7, 48],
      align: groups > 1 ? (index === 0 ? -1 : 1) : 0,
    })
  const long = categories.some((category) => category.length > 3)
  return new UPlot(
    {
      width: width(),
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      scales: { x: { time: false, range: [-0.5, categories.length - 0.5] } },
      axes: [
        {
          stroke: ink,
          font: '12px Inter, system-ui, sans-serif',
          grid: { show: false },
          ticks: { show: false },
          splits: () => categories.map((_, index) => index),
          // On a phone a month of days does not fit: every second or third day is named then.
          values: (plot, splits) => {
            const room = Math.max(plot.bbox.width / devicePixelRatio, 1)
            const every = Math.max(1, Math.ceil((categories.length * 22) / room))
            return splits.map((index) => {
              const text = index % every === 0 ? (categories[index] ?? '') : ''
              return text.length > 14 ? `${text.slice(0, 13)}…` : text
            })
          },
          rotate: long ? -35 : 0,
          size: long ? 90 : 32,
        },
        {
          stroke: ink,
          font: '12px Inter, system-ui, sans-serif',
          grid: { stroke: grid, width: 1 },
          ticks: { show: false },
          // Whole steps only: no 1.5 bookings.
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000].map((n) => n * step),
          values: (_, splits) => splits.map(formatValue),
          size: 56,
        },
      ],
      series: [
        {},
        ...series.map((one, index) => ({
          label: one.label,
          fill: one.color,
          stroke: one.color,
          width: 0,
          paths: bars(index),
          points: { show: false },
        })),
      ],
    },
    [categories.map((_, index) => index), ...series.map((one) => one.values)],
    element,
  )
}
