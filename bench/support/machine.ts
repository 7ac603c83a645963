import { cpus, loadavg, platform, release, totalmem } from 'node:os'

export interface Machine {
  cpuModel: string
  cores: number
  memoryGiB: number
  node: string
  os: string
  /** The 1-minute load average as the figures were written: a busy machine gives lower figures. */
  loadAverage: number
  date: string
}

/** What the figures were measured on, written next to them so they can be compared fairly. */
export function describeMachine(): Machine {
  const cpuList = cpus()
  return {
    cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${platform()} ${release()}`,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    date: new Date().toISOString(),
  }
}
