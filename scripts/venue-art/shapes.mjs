// Small SVG building blocks for the venue artwork: a seeded random source, gradients, and the
// recurring pieces (sky, skyline, water, palms, windows). Everything is deterministic per seed.

export const W = 1440
export const H = 960

/** mulberry32: a tiny seeded PRNG, so every run draws the same pictures. */
export function random(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function linear(id, stops, { x2 = 0, y2 = 1 } = {}) {
  const s = stops.map(
    ([offset, color, opacity = 1]) =>
      `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
  )
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s.join('')}</linearGradient>`
}

export function radial(id, color, opacity = 0.9) {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`
}

export function sky(p, horizon) {
  return `<rect width="${W}" height="${horizon + 4}" fill="url(#sky)"/>
<circle cx="${p.sunX}" cy="${p.sunY}" r="260" fill="url(#glow)"/>
<circle cx="${p.sunX}" cy="${p.sunY}" r="${p.night ? 34 : 52}" fill="${p.sun}" opacity="${p.night ? 0.9 : 0.95}"/>`
}

export function skylineDefs(p) {
  return [
    linear('sky', [
      [0, p.skyTop],
      [1, p.skyBottom],
    ]),
    radial('glow', p.sun, p.night ? 0.35 : 0.55),
    linear('water', [
      [0, p.water],
      [1, p.waterDeep],
    ]),
    linear('fade', [
      [0, '#000', 0],
      [1, '#000', 0.35],
    ]),
  ].join('')
}

/** A row of towers along the horizon, with lit windows at night. */
export function skyline(
  rnd,
  p,
  horizon,
  { count = 14, maxHeight = 300, color = p.skyline, lights = p.night } = {},
) {
  let x = -20
  const parts = []
  for (let i = 0; i < count && x < W; i++) {
    const w = 60 + rnd() * 90
    const h = 80 + rnd() * maxHeight
    const y = horizon - h
    const top =
      rnd() < 0.3
        ? `<polygon points="${x},${y} ${x + w / 2},${y - 30 - rnd() * 40} ${x + w},${y}" fill="${color}"/>`
        : ''
    parts.push(`${top}<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${color}"/>`)
    if (lights) {
      for (let wy = y + 14; wy < horizon - 10; wy += 22)
        for (let wx = x + 10; wx < x + w - 12; wx += 18)
          if (rnd() < 0.45)
            parts.push(
              `<rect x="${wx}" y="${wy}" width="7" height="9" fill="${p.lights}" opacity="${0.5 + rnd() * 0.5}"/>`,
            )
    }
    x += w + rnd() * 24
  }
  return parts.join('')
}

export function water(rnd, p, top, bottom = H) {
  const lines = []
  for (let i = 0; i < 26; i++) {
    const y = top + 10 + rnd() * (bottom - top - 10)
    const x = rnd() * W
    const len = 40 + rnd() * 180
    lines.push(
      `<rect x="${x}" y="${y}" width="${len}" height="3" rx="1.5" fill="#fff" opacity="${0.08 + rnd() * 0.18}"/>`,
    )
  }
  const path = `<rect x="${p.sunX - 60}" y="${top}" width="120" height="${bottom - top}" fill="${p.sun}" opacity="0.12"/>`
  return `<rect y="${top}" width="${W}" height="${bottom - top}" fill="url(#water)"/>${path}${lines.join('')}`
}

export function palm(x, base, scale, color) {
  const s = scale
  const fronds = [-70, -35, -5, 25, 60, 100, 140]
    .map(
      (angle) =>
        `<path d="M0,0 q${60 * s},${-30 * s} ${120 * s},${10 * s} q${-60 * s},${-10 * s} ${-120 * s},${-10 * s}z" fill="${color}" transform="rotate(${angle})"/>`,
    )
    .join('')
  return `<g transform="translate(${x},${base})"><path d="M0,0 q${-14 * s},${-120 * s} ${10 * s},${-260 * s}" stroke="${color}" stroke-width="${12 * s}" fill="none" stroke-linecap="round"/><g transform="translate(${10 * s},${-260 * s})">${fronds}</g></g>`
}

/** Floor-to-ceiling windows across a back wall, each showing the scene behind. */
export function windows(x, y, w, h, panes, frame) {
  const parts = []
  const pw = w / panes
  for (let i = 1; i < panes; i++)
    parts.push(`<rect x="${x + i * pw - 5}" y="${y}" width="10" height="${h}" fill="${frame}"/>`)
  parts.push(
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${frame}" stroke-width="14"/>`,
  )
  return parts.join('')
}
