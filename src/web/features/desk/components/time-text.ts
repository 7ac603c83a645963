/** An instant as Bahrain's clock shows it, `14:05`: the same on every device, whatever its time zone. */
export function bahrainTime(iso: string): string {
  return new Date(new Date(iso).getTime() + 3 * 3_600_000).toISOString().slice(11, 16)
}
