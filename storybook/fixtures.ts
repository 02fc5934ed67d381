/**
 * A 3 x 5 block glyph per character, row by row (1 = filled): the sample icons draw their letter with rectangles, not
 * SVG `<text>`, because text inside an image is laid out with the system's fonts and differs between Chromium builds
 * (tests/visual compares screenshots to the pixel). Characters without a glyph draw a filled square.
 */
const GLYPHS: Record<string, string> = {
  A: '010101111101101', B: '110101110101110', C: '011100100100011', D: '110101101101110', E: '111100110100111',
  F: '111100110100100', G: '011100101101011', H: '101101111101101', I: '111010010010111', J: '001001001101010',
  K: '101101110101101', L: '100100100100111', M: '101111111101101', N: '110101101101101', O: '010101101101010',
  P: '110101110100100', Q: '010101101110011', R: '110101110101101', S: '011100010001110', T: '111010010010010',
  U: '101101101101111', V: '101101101101010', W: '101101111111101', X: '101101010101101', Y: '101101010010010',
  Z: '111001010100111', '0': '111101101101111', '1': '010110010010111', '2': '110001010100111', '3': '110001010001110',
  '4': '101101111001001', '5': '111100110001110', '6': '011100111101111', '7': '111001010010010', '8': '111101111101111',
  '9': '111101111001110',
}

/** Offline sample images for stories: small SVG data URLs, so no story reaches the network. */
export function sampleIcon(color: string, letter: string): string {
  const glyph = GLYPHS[letter.toUpperCase()] ?? '111111111111111'
  // 4-unit cells, the 12 x 20 glyph centred in the 40 x 40 tile.
  const cells = [...glyph].map((bit, i) => (bit === '1' ? `<rect x="${14 + (i % 3) * 4}" y="${10 + Math.floor(i / 3) * 4}" width="4" height="4"/>` : '')).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="${color}"/><g fill="#fff">${cells}</g></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

export const sampleWallets = [
  { name: 'Dev Wallet', imageUrl: sampleIcon('#e2761b', 'D'), tag: 'Installed' },
  { name: 'Pocket Wallet', imageUrl: sampleIcon('#3b63f0', 'P'), tag: 'Recent' },
  { name: 'WalletConnect', imageUrl: sampleIcon('#3396ff', 'W'), tag: 'QR Code' },
  { name: 'Harbor', imageUrl: sampleIcon('#0f9d75', 'H') },
  { name: 'Unsafe Icon Wallet', imageUrl: 'javascript:alert(1)' },
] as const

export const sampleWcUri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000'

export const sampleAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
