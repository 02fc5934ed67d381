import * as reflectMetadata from 'reflect-metadata/lite'

/**
 * tsyringe checks for Reflect.getMetadata when it is evaluated. The package declares `"sideEffects": false`, so a
 * bare `import 'reflect-metadata'` may be dropped by a host's bundler, and a CommonJS require emitted beside
 * tsyringe may run after it. Importing this module first and referencing its export keeps the polyfill, in order.
 */
export const reflectPolyfill: unknown = reflectMetadata
