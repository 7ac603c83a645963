/**
 * A short tone for each answer at the desk, where the browser lets the page play sound (after the
 * first tap or key press): one high note for a check-in, two rising ones for a check-in by reference
 * only (look at the visitor's ID), two low ones for a refusal. Silent where Web Audio is missing or
 * blocked; the answer on screen says it all anyway.
 */
let context: AudioContext | undefined

const tunes: Record<BeepKind, [frequency: number, delay: number][]> = {
  ok: [[880, 0]],
  referenceOnly: [
    [660, 0],
    [990, 0.18],
  ],
  refused: [
    [220, 0],
    [220, 0.18],
  ],
}

export type BeepKind = 'ok' | 'referenceOnly' | 'refused'

export function beep(kind: BeepKind) {
  try {
    const Audio = globalThis.AudioContext
    if (!Audio) return
    context ??= new Audio()
    for (const [frequency, delay] of tunes[kind]) {
      const start = context.currentTime + delay
      const oscillator = context.createOscillator()
      const gain = context.createGain()
      oscillator.frequency.value = frequency
      gain.gain.setValueAtTime(0.15, start)
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.15)
      oscillator.connect(gain).connect(context.destination)
      oscillator.start(start)
      oscillator.stop(start + 0.15)
    }
  } catch {
    // No sound is no failure.
  }
}
