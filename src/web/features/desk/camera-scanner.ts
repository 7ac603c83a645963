/**
 * The camera scan, with the browser's own BarcodeDetector (Chrome on Android, Safari 17+ on some
 * devices): no library is downloaded. Where it is missing the desk hides the button and staff type
 * the reference or use a USB scanner.
 */
interface DetectedBarcode {
  rawValue: string
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike

function detectorClass(): BarcodeDetectorConstructor | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector
}

export function cameraScanAvailable(): boolean {
  return Boolean(detectorClass() && globalThis.navigator?.mediaDevices?.getUserMedia)
}

/**
 * Shows the back camera in `video` and resolves with the first QR code read; `signal` stops it.
 * The camera is released whichever way it ends.
 */
export async function scanWithCamera(video: HTMLVideoElement, signal: AbortSignal): Promise<string> {
  const Detector = detectorClass()
  if (!Detector) throw new Error('BarcodeDetector is not available')
  const detector = new Detector({ formats: ['qr_code'] })
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } })
  try {
    video.srcObject = stream
    await video.play()
    while (!signal.aborted) {
      const [code] = await detector.detect(video).catch(() => [])
      if (code?.rawValue) return code.rawValue
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new DOMException('Stopped', 'AbortError')
  } finally {
    for (const track of stream.getTracks()) track.stop()
    video.srcObject = null
  }
}
