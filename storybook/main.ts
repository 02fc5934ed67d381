import type { StorybookConfig } from '@storybook/react-vite'
import { mergeConfig } from 'vite'
import { porticoAliases } from '../demo/aliases.ts'

/**
 * Offline by design: controls, toolbars, actions and interactions are built into Storybook 10; the one addon is a11y
 * (axe-core in the a11y panel, run on every story). No telemetry.
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../ui/**/*.stories.@(tsx|ts)', '../plugins/**/*.stories.@(tsx|ts)', './flows/**/*.stories.@(tsx|ts)'],
  addons: ['@storybook/addon-a11y'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // react-docgen parses every imported module with Babel, which rejects the kernel's `@injectable() export class`
  // (tsyringe decorators before `export`), so the build failed. The stories declare their args and controls
  // themselves, so docgen's inferred prop tables are not needed.
  typescript: { reactDocgen: false },
  // Stories may pull in kernel code that uses tsyringe decorators; emit them the way vitest.config.ts does.
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
      // Plugins import the package's public entries ('portico', 'portico/react', ...), as a third party does.
      resolve: { alias: porticoAliases() },
    } as never),
}

export default config
