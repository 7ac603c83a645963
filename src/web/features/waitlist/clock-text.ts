import { useEffect, useState } from 'react'

/** An instant as Bahrain's clock shows it, `10:42`, on any device, with the digits 0–9 the site uses. */
export function bahrainClock(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Bahrain',
  }).format(new Date(iso))
}

/** Whole seconds until an instant, ticking down once a second; 0 once it has come. */
export function useSecondsUntil(iso: string | null): number {
  const deadline = iso ? Date.parse(iso) : Number.NaN
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    setNow(Date.now())
    if (!Number.isFinite(deadline) || deadline <= Date.now()) return
    const timer = setInterval(() => {
      setNow(Date.now())
      if (Date.now() >= deadline) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [deadline])
  return Number.isFinite(deadline) ? Math.max(0, Math.ceil((deadline - now) / 1000)) : 0
}

/** Seconds as `m:ss` (`29:05`). */
export function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
