/** Offline sample images for stories: small SVG data URLs, so no story reaches the network. */
export function sampleIcon(color: string, letter: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="${color}"/><text x="20" y="27" font-family="sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`
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
