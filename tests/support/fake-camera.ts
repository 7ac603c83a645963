import { writeFile } from 'node:fs/promises'
import { PNG } from 'pngjs'

const width = 640
const height = 480

/**
 * Turns a PNG (the QR code from a confirmation mail) into a short Y4M video, the format Chromium
 * plays as its camera with `--use-fake-device-for-media-stream --use-file-for-fake-video-capture`.
 * The picture is centred on white, as a phone's screen held up to the desk's camera; it is grey
 * (U and V at 128), which a QR code is anyway.
 */
export async function writeCameraVideo(png: Buffer, path: string): Promise<void> {
  const image = PNG.sync.read(png)
  const scale = Math.max(1, Math.floor(Math.min(width, height) / 1.5 / Math.max(image.width, image.height)))
  const left = Math.floor((width - image.width * scale) / 2)
  const top = Math.floor((height - image.height * scale) / 2)
  const luma = Buffer.alloc(width * height, 255)
  for (let y = 0; y < image.height * scale; y++) {
    for (let x = 0; x < image.width * scale; x++) {
      const at = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4
      const [red = 255, green = 255, blue = 255, opacity = 255] = image.data.subarray(at, at + 4)
      const alpha = opacity / 255
      // Rec. 601 luma, over white where the PNG is transparent.
      const grey = 0.299 * red + 0.587 * green + 0.114 * blue
      luma[(top + y) * width + left + x] = Math.round(grey * alpha + 255 * (1 - alpha))
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)
  await writeFile(path, Buffer.concat([header, frame, frame, frame]))
}
