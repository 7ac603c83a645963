// Each venue's colours, time of day and layout choices, so the eight venues look like eight places.
const base = {
  sun: '#ffd089', lights: '#ffe2a0', skyline: '#16343a', skylineFar: '#3d6269', frame: '#1d2b2e',
  machine: '#4a5559', machineDark: '#22292c', floor: '#a08f78', floorDeep: '#6f604f', floorLine: '#8a7a64',
  wall: '#e9e2d6', panes: 5, pool: '#3fc1c9', poolDeep: '#14707a', deck: '#e8dcc6', lounger: '#fbfaf6',
  palm: '#1f4d3f', sand: '#ecd9b0', promenade: '#cdbfa8', wood: '#b7844f', woodLight: '#d9a86b', woodDeep: '#5b3a22',
  water: '#2f8fa0', waterDeep: '#0e4a56', towerX: 560, towerW: 220, night: false, beach: false, studio: false,
  round: false, rackLeft: false,
}

export const palettes = {
  'manama-marina-hotel': { ...base, seed: 11, skyTop: '#f6c177', skyBottom: '#fde7c6', sunX: 1080, sunY: 300, accent: '#0f766e', towerX: 380, panes: 6 },
  'vida-beach-hotel': { ...base, seed: 23, skyTop: '#7fd3e6', skyBottom: '#e9f8fb', sunX: 300, sunY: 170, accent: '#e0a458', beach: true, towerX: 820, towerW: 300, water: '#37b3c4', waterDeep: '#13788a', round: true },
  'seef-towers-residences': { ...base, seed: 37, skyTop: '#9bb7d4', skyBottom: '#eef3f8', sunX: 1180, sunY: 200, accent: '#e76f51', skyline: '#2b3a4a', skylineFar: '#6a7f95', wall: '#eceff1', floor: '#8d8f94', floorDeep: '#5a5c61', floorLine: '#76787d', rackLeft: true, towerW: 180 },
  'juffair-grand-suites': { ...base, seed: 41, skyTop: '#5b3a7a', skyBottom: '#f49a5c', sunX: 720, sunY: 420, sun: '#ffb067', accent: '#f2784b', skyline: '#2a1b3d', skylineFar: '#6b4a7e', wall: '#f1e4dc', pool: '#48b5c8', poolDeep: '#25517a', towerX: 980 },
  'wyndham-grand-bahrain-bay': { ...base, seed: 53, night: true, skyTop: '#0b1733', skyBottom: '#30406b', sunX: 1200, sunY: 150, sun: '#f3f1e3', accent: '#c9a646', skyline: '#0a1024', skylineFar: '#1e2a4a', water: '#1d3563', waterDeep: '#070d22', wall: '#d8d3c8', frame: '#11182c', pool: '#2e7fb0', poolDeep: '#0e2f52', deck: '#b8b0a0', round: true, towerW: 260 },
  'grand-swiss-belhotel-waterfront': { ...base, seed: 67, skyTop: '#a8dcc8', skyBottom: '#f2faf5', sunX: 260, sunY: 230, accent: '#2a9d8f', skyline: '#1f4a45', skylineFar: '#6c9c93', water: '#45b3a3', waterDeep: '#17675d', wall: '#eef3ef', towerX: 700, rackLeft: true, panes: 4 },
  'barrys-fitness': { ...base, seed: 79, night: true, studio: true, skyTop: '#1a0a0c', skyBottom: '#3a0f14', sunX: 700, sunY: 120, accent: '#e01e37', wall: '#2a0c10', floor: '#1b1416', machine: '#3a3335', machineDark: '#0f0b0c', lights: '#ff5a6e' },
  'elite-resort-spa': { ...base, seed: 83, skyTop: '#c9d8c5', skyBottom: '#f6f1e6', sunX: 1150, sunY: 210, sun: '#ffe1a8', accent: '#8aa585', skyline: '#3f5741', skylineFar: '#8ea58c', beach: true, towerX: 300, towerW: 340, wood: '#c49a6c', woodLight: '#e2c29a', woodDeep: '#6a4a30', floor: '#d9ccb4', palm: '#45664a', wall: '#f3ede2' },
}
