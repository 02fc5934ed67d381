// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, definePlugin, type Modal as ModalInstance } from '../../kernel/index.ts'
import { Modal } from '../react/Modal.tsx'
import { PorticoProvider } from '../react/context.tsx'

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

const chain = definePlugin({
  id: 'chain',
  kind: 'chain',
  portico: '1.x',
  namespace: 'eip155',
  setup(ctx) {
    ctx.registerChain({
      namespace: 'eip155',
      isAddress: () => true,
      networks: [
        { id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } }, assets: { imageId: 'eth-image' } },
        { id: 2, caipNetworkId: 'eip155:2', chainNamespace: 'eip155', name: 'Own Image', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } }, assets: { imageUrl: 'https://cdn.example/own.png' } },
      ],
    })
  },
})

async function networkImages(projectId?: string): Promise<Array<string | null>> {
  modal = createModal({ storage: createMemoryAdapter(), plugins: [chain], ...(projectId && { projectId }), endpoints: { registry: 'https://registry.example' } })
  await modal.ready
  await act(async () => {
    render(
      <PorticoProvider modal={modal!}>
        <Modal />
      </PorticoProvider>,
    )
  })
  await act(async () => modal!.open({ view: 'SwitchNetwork' }))
  await screen.findByRole('button', { name: /Ethereum/ }, { timeout: 10_000 })
  const rows = ['Ethereum', 'Own Image'].map((name) => screen.getByRole('button', { name: new RegExp(name) }))
  return rows.map((row) => row.querySelector('img')?.getAttribute('src') ?? null)
}

describe('network icons (issue 18: images where the registry has them)', () => {
  it("shows the registry's asset image for an image id, and a network's own image as it is", async () => {
    const [eth, own] = await networkImages('proj-1')
    const url = new URL(eth!)
    expect(url.origin + url.pathname).toBe('https://registry.example/public/getAssetImage/eth-image')
    expect(url.searchParams.get('projectId')).toBe('proj-1')
    expect(own).toBe('https://cdn.example/own.png')
  })

  it('without a projectId nothing points at a backend: the image-id network keeps its letter tile', async () => {
    const [eth, own] = await networkImages()
    expect(eth).toBeNull()
    expect(own).toBe('https://cdn.example/own.png')
  })
})
