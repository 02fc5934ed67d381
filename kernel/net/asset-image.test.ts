import { describe, expect, it } from 'vitest'
import { networkImageUrl } from './asset-image.ts'

const endpoints = { registry: 'https://registry.example/' }

describe('networkImageUrl (SPEC §7 /public/getAssetImage/{id})', () => {
  it("prefers the network's own image URL", () => {
    expect(networkImageUrl({ assets: { imageUrl: 'https://img.example/eth.png', imageId: 'x' } }, { projectId: 'p', endpoints })).toBe('https://img.example/eth.png')
  })

  it('resolves an image id through the registry with the SDK parameters', () => {
    const url = new URL(networkImageUrl({ assets: { imageId: 'a1 b/2' } }, { projectId: 'proj', endpoints })!)
    expect(url.origin + url.pathname).toBe('https://registry.example/public/getAssetImage/a1%20b%2F2')
    expect(url.searchParams.get('projectId')).toBe('proj')
    expect(url.searchParams.get('st')).toBeTruthy()
    expect(url.searchParams.get('sv')).toBeTruthy()
  })

  it('has none without a projectId (no backend call) or without assets', () => {
    expect(networkImageUrl({ assets: { imageId: 'x' } }, { endpoints })).toBeUndefined()
    expect(networkImageUrl({}, { projectId: 'p', endpoints })).toBeUndefined()
    expect(networkImageUrl(undefined, { projectId: 'p', endpoints })).toBeUndefined()
  })
})
