/**
 * A short tone for each answer at the desk, where the browser lets the page play sound (after the
 * first tap or key press): one high note for a check-in, two low ones for a refusal. Silent where
 * Web Audio is missing or blocked; the answer on screen says it all anyway.
 */
let context: AudioContext | undefined

export function beep(kind: 'ok' | 'refused') {
  try {
    const Audio = globalThis.AudioContext
    if (!Audio) return
    context ??= new Audio()
    const notes =
      kind === 'ok'
        ? [[880, 0]]
        : [
            [220, 0],
            [220, 0.18],
          ]
    for (const [frequency, delay] of notes as [number, number][]) {
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
