import type { Meta, StoryObj } from '@storybook/react-vite'
import { sampleWallets } from '../../storybook/fixtures.ts'
import { ThemeFrame } from '../../storybook/ThemeFrame.tsx'
import { Header } from '../components/Header.tsx'
import { Snackbar } from '../components/Snackbar.tsx'
import { WalletListItem } from '../components/WalletListItem.tsx'
import { strings } from './i18n.ts'
import { themeTokens, type ThemeVariables } from './tokens.ts'
import { Button } from '../components/Button.tsx'
import { Actions } from '../components/Layout.tsx'

const meta = { title: 'Theme/Tokens and shell' } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const colorNames = ['bg', 'surface', 'fg', 'muted', 'border', 'accent', 'accent-fg', 'error', 'success', 'overlay'] as const

/** Every colour token of each mode. */
export const Colors: Story = {
  render: () => (
    <ThemeFrame>
      {(mode) => (
        <ul className="portico-list">
          {colorNames.map((name) => (
            <li key={name} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <span style={{ width: 24, height: 24, borderRadius: 6, border: '1px solid var(--portico-border)', background: `var(--portico-${name})` }} />
              <code>--portico-{name}</code>
              <span style={{ color: 'var(--portico-muted)', marginLeft: 'auto' }}>{themeTokens[mode][`--portico-${name}`]}</span>
            </li>
          ))}
        </ul>
      )}
    </ThemeFrame>
  ),
}

/** The dialog card without the fixed overlay, as the modal shell lays out a view. */
export const DialogShell: Story = {
  render: () => (
    <ThemeFrame width="auto">
      {() => (
        <div className="portico-dialog" role="dialog" aria-labelledby="shell-title" style={{ position: 'relative' }}>
          <Header title={strings.connectWallet} titleId="shell-title" onClose={() => {}} />
          <div className="portico-dialog-body portico-dialog-content portico-view">
            <ul className="portico-list">
              {sampleWallets.slice(0, 4).map((wallet) => (
                <li key={wallet.name}>
                  <WalletListItem name={wallet.name} imageUrl={wallet.imageUrl} tag={'tag' in wallet ? wallet.tag : undefined} />
                </li>
              ))}
            </ul>
          </div>
          <Snackbar variant="success" message={strings.copied} />
        </div>
      )}
    </ThemeFrame>
  ),
}

/** Host overrides through themeVariables. */
export const HostOverrides: Story = {
  render: () => (
    <ThemeFrame overrides={{ '--portico-accent': '#d6336c', '--portico-border-radius': '4px' }}>
      {() => <WalletListItem name="Dev Wallet" imageUrl={sampleWallets[0].imageUrl} tag="Installed" tagTone="accent" />}
    </ThemeFrame>
  ),
}

interface PlaygroundArgs {
  accent: string
  radius: string
  fontFamily: string
  modalWidth: string
  overlay: string
}

/** Controls for the documented theme variables (docs/THEMING.md), applied as `themeVariables` would be. */
export const Playground: StoryObj<PlaygroundArgs> = {
  args: {
    accent: '#2f5bea',
    radius: '12px',
    fontFamily: 'ui-sans-serif, system-ui, sans-serif',
    modalWidth: '360px',
    overlay: 'rgba(10, 12, 16, 0.45)',
  },
  argTypes: { accent: { control: 'color' }, overlay: { control: 'color' } },
  render: (args) => {
    const vars: ThemeVariables = {
      '--portico-accent': args.accent,
      '--portico-border-radius': args.radius,
      '--portico-font-family': args.fontFamily,
      '--portico-modal-width': args.modalWidth,
      '--portico-overlay': args.overlay,
    }
    return (
      <ThemeFrame overrides={vars} view={strings.connectWallet} back={false}>
        {() => (
          <Actions>
            {sampleWallets.slice(0, 3).map((wallet) => {
              const tag = 'tag' in wallet ? wallet.tag : undefined
              return <WalletListItem key={wallet.name} name={wallet.name} imageUrl={wallet.imageUrl} tag={tag} tagTone={tag === 'Installed' ? 'success' : 'neutral'} />
            })}
            <Button>{strings.connectWallet}</Button>
          </Actions>
        )}
      </ThemeFrame>
    )
  },
}
