import type uPlot from 'uplot'

/**
 * uPlot, fetched when a chart is first drawn: it reads the screen (matchMedia) as it loads, so it is
 * imported in the browser only, never while the server renders, and stays out of every other page.
 */
export function loadChartLibrary(): Promise<typeof uPlot> {
  return import('uplot').then((module) => module.default)
}
