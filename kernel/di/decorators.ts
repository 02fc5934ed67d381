import { reflectPolyfill } from './reflect-polyfill.ts'
import { inject as tsyringeInject, injectable as tsyringeInjectable } from 'tsyringe'

/** Keeps the metadata polyfill ahead of tsyringe in every bundle that uses the decorators. */
export const decoratorsReady: unknown = reflectPolyfill

/** Marks a kernel service the per-modal container constructs (its parameters use `@inject(token)`). */
export const injectable = tsyringeInjectable

/** Injects the service behind a kernel token into a constructor parameter. */
export const inject = tsyringeInject
