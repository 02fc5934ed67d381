import type { Meta, StoryObj } from '@storybook/react-vite'
import { names } from 'portico/plugins/names'
import { expect, userEvent, within } from 'storybook/test'
import { FLOW_WALLET, FlowModal, snackbarGone } from './flow-modal.tsx'

/**
 * SPEC §4 name registration: Account → "Register name" → RegisterAccountName (type a name, it is available) →
 * "Register" → the registration message signed in the wallet → RegisterAccountNameSuccess. The profile service is
 * an offline fake behind the plugin's `fetch` option.
 */
const meta = { title: 'Flows/RegisterName', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const ZONE = 'portico.test'

/** GET suggestions/{label}, GET account/{name}, GET reverse/{address}, POST account of /v1/profile, in memory. */
function profileService(): typeof fetch {
  const registered = new Set<string>()
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const [, , , kind, arg] = url.pathname.split('/') // '', 'v1', 'profile', kind, arg
    if (init?.method === 'POST' && kind === 'account') {
      const { message } = JSON.parse(String(init.body)) as { message: string }
      const name = (JSON.parse(message) as { name: string }).name
      registered.add(name)
      return json({ name, addresses: {} })
    }
    if (kind === 'suggestions') {
      const label = decodeURIComponent(arg ?? '')
      return json({ suggestions: [label, `${label}1`, `${label}2`].map((l) => ({ name: `${l}.${ZONE}`, registered: registered.has(`${l}.${ZONE}`) })) })
    }
    if (kind === 'account') return registered.has(decodeURIComponent(arg ?? '')) ? json({ name: arg, addresses: {} }) : json({ error: 'not found' }, 404)
    if (kind === 'reverse') return json([])
    return json({ error: 'unknown route' }, 404)
  }) as typeof fetch
}

const options = { connected: true, plugins: () => [names({ zone: ZONE, apiUrl: 'http://profile.portico.test', fetch: profileService() })] }

export const HappyPath: Story = {
  render: () => <FlowModal options={options} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const account = await canvas.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })
    await userEvent.click(await within(account).findByRole('button', { name: 'Register name' }))
    const choose = await canvas.findByRole('dialog', { name: 'Choose name' }, { timeout: 10_000 })
    await userEvent.type(await within(choose).findByRole('textbox', { name: 'Name' }, { timeout: 10_000 }), 'alice')
    await expect(await within(choose).findByText(`alice.${ZONE} is available`, {}, { timeout: 10_000 })).toBeVisible()
    await userEvent.click(within(choose).getByRole('button', { name: 'Register' }))
    const wallet = within(canvas.getByRole('region', { name: `${FLOW_WALLET} window` }))
    await expect(await wallet.findByText('Request: personal_sign')).toBeVisible()
    await userEvent.click(wallet.getByRole('button', { name: 'Approve' }))
    const success = await canvas.findByRole('dialog', { name: 'Name registered' }, { timeout: 10_000 })
    await expect(await within(success).findByText(`alice.${ZONE} is yours`, {}, { timeout: 10_000 })).toBeVisible()
    await expect(within(success).getByRole('button', { name: 'Back to account' })).toBeVisible()
    await snackbarGone(canvasElement)
  },
}
