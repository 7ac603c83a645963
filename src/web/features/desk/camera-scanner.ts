/**
 * The camera scan. Where the browser reads QR codes itself (BarcodeDetector: Chrome on Android,
 * Safari on some devices) it does; elsewhere (desktop Chrome, Firefox, most iPhones) frames are
 * read with jsQR, downloaded only when staff first start the camera. Without camera access (an
 * address that is not https or localhost) the desk hides the button and staff type the reference or
 * use a USB scanner.
 */
interface DetectedBarcode {
  rawValue: string
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike
type FrameReader = (video: HTMLVideoElement) => Promise<string | undefined>

/** Frames are scaled down to this width before jsQR reads them: enough for a ticket held up to it. */
const frameWidth = 640
const frameInterval = 200

export function cameraScanAvailable(): boolean {
  return Boolean(globalThis.navigator?.mediaDevices?.getUserMedia)
}

async function frameReader(): Promise<FrameReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] })
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue
  }
  const { default: jsQR } = await import('jsqr')
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  return async (video) => {
    if (!context || !video.videoWidth) return undefined
    canvas.width = Math.min(frameWidth, video.videoWidth)
    canvas.height = Math.round((video.videoHeight * canvas.width) / video.videoWidth)
    context.drawImage(video, 0, 0, canvas.width, canvas.height)
    const frame = context.getImageData(0, 0, canvas.width, canvas.height)
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data || undefined
  }
}

/**
 * Shows the back camera in `video` and resolves with the first QR code read; `signal` stops it.
 * The camera is released whichever way it ends.
 */
export async function scanWithCamera(video: HTMLVideoElement, signal: AbortSignal): Promise<string> {
  const [read, stream] = await Promise.all([
    frameReader(),
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }),
  ])
  try {
    video.srcObject = stream
    await video.play()
    while (!signal.aborted) {
      const value = await read(video)
      if (value) return value
      await new Promise((resolve) => setTimeout(resolve, frameInterval))
    }
    throw new DOMException('Stopped', 'AbortError')
  } finally {
    for (const track of stream.getTracks()) track.stop()
    video.srcObject = null
  }
}
