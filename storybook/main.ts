import type { StorybookConfig } from '@storybook/react-vite'
import { mergeConfig } from 'vite'
import { porticoAliases } from '../demo/aliases.ts'

/** Offline by design: no addons (controls, toolbars, actions are built into Storybook 10), no telemetry. */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../ui/**/*.stories.@(tsx|ts)', '../plugins/**/*.stories.@(tsx|ts)'],
  addons: [],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Stories may pull in kernel code that uses tsyringe decorators; emit them the way vitest.config.ts does.
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
      // Plugins import the package's public entries ('portico', 'portico/react', ...), as a third party does.
      resolve: { alias: porticoAliases() },
    } as never),
}

export default config
