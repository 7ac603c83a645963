// The four scenes drawn for every venue: the venue from outside (cover), its gym floor, its pool
// (or beach), and its wellness room. Each takes the venue's palette and a seeded random source.
import { H, linear, palm, radial, sky, skyline, skylineDefs, W, water, windows } from './shapes.mjs'

const svg = (defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><defs>${defs}</defs>${body}</svg>`

export function cover(rnd, p) {
  const horizon = p.beach ? 600 : 640
  const tower = p.towerX
  const towerH = 420 + rnd() * 120
  const floors = []
  for (let y = horizon - towerH + 30; y < horizon - 20; y += 26)
    floors.push(
      `<rect x="${tower + 12}" y="${y}" width="${p.towerW - 24}" height="12" rx="3" fill="${p.night ? p.lights : '#ffffff'}" opacity="${p.night ? 0.75 : 0.35}"/>`,
    )
  const front = p.beach
    ? `<path d="M0,${horizon + 150} C400,${horizon + 110} 900,${horizon + 190} ${W},${horizon + 140} L${W},${H} L0,${H}z" fill="${p.sand}"/>
       ${palm(160, horizon + 190, 1.1, p.palm)}${palm(1260, horizon + 175, 0.95, p.palm)}${palm(1340, horizon + 200, 0.8, p.palm)}`
    : `<rect y="${horizon + 170}" width="${W}" height="${H - horizon - 170}" fill="${p.promenade}"/>
       <rect y="${horizon + 160}" width="${W}" height="14" fill="${p.skyline}" opacity="0.6"/>`
  return svg(
    skylineDefs(p) +
      linear(
        'tower',
        [
          [0, p.accent],
          [1, p.skyline],
        ],
        { x2: 1, y2: 0 },
      ),
    `${sky(p, horizon)}${skyline(rnd, p, horizon, { maxHeight: 220, color: p.skylineFar })}
     <rect x="${tower}" y="${horizon - towerH}" width="${p.towerW}" height="${towerH}" rx="${p.round ? 60 : 6}" fill="url(#tower)"/>
     ${floors.join('')}
     ${skyline(rnd, p, horizon, { count: 6, maxHeight: 140 })}
     ${water(rnd, p, horizon)}${front}`,
  )
}

function treadmill(x, y, s, p) {
  return `<g transform="translate(${x},${y}) scale(${s})">
    <path d="M0,0 L180,0 L200,26 L-10,26z" fill="${p.machine}"/>
    <rect x="4" y="-6" width="176" height="10" rx="5" fill="${p.machineDark}"/>
    <path d="M150,-4 L170,-150 L184,-150 L168,-4z" fill="${p.machineDark}"/>
    <rect x="140" y="-186" width="80" height="44" rx="8" fill="${p.machineDark}"/>
    <rect x="148" y="-178" width="64" height="28" rx="4" fill="${p.accent}" opacity="0.85"/>
  </g>`
}

function rack(x, y, p) {
  const bells = []
  for (let i = 0; i < 6; i++)
    bells.push(
      `<rect x="${x + 16 + i * 44}" y="${y - 44}" width="34" height="18" rx="9" fill="${p.machineDark}"/><rect x="${x + 16 + i * 44}" y="${y - 88}" width="34" height="18" rx="9" fill="${p.machineDark}"/>`,
    )
  return `<rect x="${x}" y="${y - 110}" width="290" height="12" rx="4" fill="${p.machine}"/><rect x="${x}" y="${y - 64}" width="290" height="12" rx="4" fill="${p.machine}"/>
    <rect x="${x + 6}" y="${y - 110}" width="12" height="110" fill="${p.machine}"/><rect x="${x + 272}" y="${y - 110}" width="12" height="110" fill="${p.machine}"/>${bells.join('')}`
}

export function gym(rnd, p) {
  const wallTop = 90
  const floorY = 660
  const lineCount = 9
  const lines = []
  for (let i = 0; i <= lineCount; i++)
    lines.push(
      `<line x1="${(W / lineCount) * i}" y1="${floorY}" x2="${-400 + ((W + 800) / lineCount) * i}" y2="${H}" stroke="${p.floorLine}" stroke-width="3"/>`,
    )
  const machines = []
  const count = 4 + Math.floor(rnd() * 2)
  for (let i = 0; i < count; i++)
    machines.push(treadmill(120 + i * (1100 / count), floorY + 60 + (i % 2) * 8, 1.05, p))
  return svg(
    `${skylineDefs(p)}${linear('floor', [
      [0, p.floor],
      [1, p.floorDeep],
    ])}${radial('lamp', '#fff', 0.25)}`,
    `<rect width="${W}" height="${H}" fill="${p.wall}"/>
     <svg x="80" y="${wallTop}" width="${W - 160}" height="${floorY - wallTop - 40}" viewBox="0 0 ${W} ${H - 300}" preserveAspectRatio="xMidYMax slice">
       ${sky(p, 560)}${skyline(rnd, p, 560, { maxHeight: 260 })}${water(rnd, p, 560, H)}
     </svg>
     ${windows(80, wallTop, W - 160, floorY - wallTop - 40, p.panes, p.frame)}
     <rect y="${floorY - 40}" width="${W}" height="40" fill="${p.frame}"/>
     <rect y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)"/>${lines.join('')}
     ${rack(p.rackLeft ? 30 : W - 330, floorY + 10, p)}
     ${machines.join('')}
     <circle cx="360" cy="40" r="140" fill="url(#lamp)"/><circle cx="1080" cy="40" r="140" fill="url(#lamp)"/>`,
  )
}

function lounger(x, y, p) {
  return `<g transform="translate(${x},${y})"><path d="M0,0 L150,0 L190,-46 L200,-40 L162,8 L0,8z" fill="${p.lounger}"/><rect x="10" y="8" width="6" height="20" fill="${p.machineDark}"/><rect x="140" y="8" width="6" height="20" fill="${p.machineDark}"/></g>`
}

export function pool(rnd, p) {
  if (p.studio) return studio(rnd, p, true)
  const horizon = 430
  const deckY = 560
  const caustics = []
  for (let i = 0; i < 40; i++)
    caustics.push(
      `<path d="M${rnd() * W},${deckY + 60 + rnd() * 300} q30,-12 60,0 t60,0" stroke="#fff" stroke-width="3" fill="none" opacity="${0.15 + rnd() * 0.25}"/>`,
    )
  return svg(
    `${skylineDefs(p)}${linear('pool', [
      [0, p.pool],
      [1, p.poolDeep],
    ])}`,
    `${sky(p, horizon)}${p.beach ? '' : skyline(rnd, p, horizon, { maxHeight: 180, color: p.skylineFar })}
     ${water(rnd, p, horizon, deckY)}
     <rect y="${deckY - 20}" width="${W}" height="${H - deckY + 20}" fill="${p.deck}"/>
     <path d="M80,${deckY + 40} L${W - 80},${deckY + 40} L${W + 120},${H} L-120,${H}z" fill="url(#pool)"/>
     <path d="M80,${deckY + 40} L${W - 80},${deckY + 40}" stroke="#fff" stroke-width="8" opacity="0.7"/>
     ${caustics.join('')}
     ${lounger(110, deckY + 2, p)}${lounger(330, deckY + 2, p)}${lounger(1010, deckY + 2, p)}${lounger(1220, deckY + 2, p)}
     <path d="M560,${deckY - 10} l-90,-4 a100,60 0 0 1 180,0z" fill="${p.accent}"/><rect x="556" y="${deckY - 14}" width="6" height="40" fill="${p.machineDark}"/>
     ${palm(40, deckY + 20, 0.9, p.palm)}${palm(1400, deckY + 30, 1, p.palm)}`,
  )
}

function studio(rnd, p, alternate) {
  const floorY = 640
  const bars = []
  for (let i = 0; i < 8; i++)
    bars.push(
      `<rect x="${i * 190 + 20}" y="60" width="120" height="520" rx="20" fill="${p.accent}" opacity="${0.12 + rnd() * 0.12}"/>`,
    )
  const benches = []
  for (let i = 0; i < 5; i++)
    benches.push(
      `<rect x="${140 + i * 250}" y="${floorY + 90 + (alternate ? 40 : 0)}" width="170" height="26" rx="12" fill="${p.machineDark}"/><rect x="${170 + i * 250}" y="${floorY + 116 + (alternate ? 40 : 0)}" width="10" height="40" fill="${p.machineDark}"/><rect x="${270 + i * 250}" y="${floorY + 116 + (alternate ? 40 : 0)}" width="10" height="40" fill="${p.machineDark}"/>`,
    )
  const machines = alternate
    ? ''
    : [0, 1, 2, 3, 4].map((i) => treadmill(90 + i * 270, floorY + 20, 0.95, p)).join('')
  return svg(
    `${linear('wall', [
      [0, p.wall],
      [1, '#000000'],
    ])}${radial('red', p.accent, 0.7)}`,
    `<rect width="${W}" height="${H}" fill="url(#wall)"/>${bars.join('')}
     <ellipse cx="${alternate ? 1000 : 420}" cy="120" rx="520" ry="260" fill="url(#red)"/>
     <rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${p.floor}"/>
     <rect y="${floorY - 6}" width="${W}" height="10" fill="${p.accent}"/>${machines}${benches.join('')}`,
  )
}

export function wellness(rnd, p) {
  if (p.studio) return studio(rnd, p, false)
  const slats = []
  for (let x = 0; x < W; x += 48)
    slats.push(
      `<rect x="${x}" y="0" width="40" height="700" fill="${p.wood}" opacity="${0.85 + rnd() * 0.15}"/>`,
    )
  const steam = []
  for (let i = 0; i < 7; i++)
    steam.push(
      `<path d="M${300 + i * 140},620 q-30,-80 0,-160 t0,-160" stroke="#fff" stroke-width="16" fill="none" opacity="0.12" stroke-linecap="round"/>`,
    )
  const stones = [0, 1, 2, 3]
    .map(
      (i) =>
        `<ellipse cx="${1080 + i * 46}" cy="${780 - (i % 2) * 22}" rx="40" ry="24" fill="${p.machineDark}" opacity="0.85"/>`,
    )
    .join('')
  const candles = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${210 + i * 60}" y="${760 - i * 16}" width="34" height="${50 + i * 16}" rx="6" fill="#fbf3e4"/><ellipse cx="${227 + i * 60}" cy="${750 - i * 16}" rx="8" ry="14" fill="${p.sun}"/><circle cx="${227 + i * 60}" cy="${750 - i * 16}" r="60" fill="url(#warm)"/>`,
    )
    .join('')
  return svg(
    `${radial('warm', p.sun, 0.45)}${linear('bench', [
      [0, p.woodLight],
      [1, p.wood],
    ])}`,
    `<rect width="${W}" height="${H}" fill="${p.woodDeep}"/>${slats.join('')}
     <rect y="520" width="${W}" height="60" fill="url(#bench)"/><rect y="700" width="${W}" height="${H - 700}" fill="${p.floor}"/>
     <rect y="580" width="${W}" height="120" fill="${p.woodDeep}" opacity="0.8"/>
     ${steam.join('')}${stones}${candles}
     <path d="M560,700 q60,-140 10,-240 q90,90 60,240z" fill="${p.palm}"/><path d="M600,700 q-60,-120 -20,-200 q-70,80 -50,200z" fill="${p.palm}" opacity="0.8"/>
     <rect x="520" y="690" width="140" height="70" rx="12" fill="${p.accent}"/>`,
  )
}
