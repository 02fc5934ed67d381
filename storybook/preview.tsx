import type { Decorator, Preview } from '@storybook/react-vite'
import type { CSSProperties } from 'react'
import { PorticoStyles } from '../ui/components/PorticoStyles.tsx'
import type { ThemeMode } from '../ui/theme/tokens.ts'
import { themeStyle } from '../ui/theme/tokens.ts'

const withPorticoTheme: Decorator = (Story, context) => {
  const mode: ThemeMode = context.globals['theme'] === 'dark' ? 'dark' : 'light'
  return (
    <div
      className="portico-root"
      data-theme={mode}
      style={{ ...(themeStyle(mode) as CSSProperties), background: 'var(--portico-bg)', minHeight: '100vh', padding: 16 }}
    >
      <PorticoStyles />
      <Story />
    </div>
  )
}

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Portico colour scheme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [withPorticoTheme],
  parameters: { layout: 'fullscreen', controls: { expanded: true } },
}

export default preview
