import { SDK_TYPE, SDK_VERSION } from '../state/sdk.ts'
import { withSdkParams } from './sdk-params.ts'

/**
 * A network's image: its own `imageUrl`, else the registry's SPEC §7 `/public/getAssetImage/{imageId}` with the SDK
 * parameters. Without a projectId nothing calls a backend, so a network with only an image id has none (the UI
 * shows its letter tile).
 */
export function networkImageUrl(
  network: { assets?: { imageId?: string; imageUrl?: string } | undefined } | undefined,
  options: { projectId?: string | undefined; endpoints: { registry: string } },
): string | undefined {
  const assets = network?.assets
  if (!assets) return undefined
  if (assets.imageUrl) return assets.imageUrl
  if (!assets.imageId || !options.projectId) return undefined
  const base = options.endpoints.registry.replace(/\/+$/, '')
  return withSdkParams(`${base}/public/getAssetImage/${encodeURIComponent(assets.imageId)}`, { projectId: options.projectId, st: SDK_TYPE, sv: SDK_VERSION })
}
