// The Reflect metadata functions tsyringe and the decorators need: the shim the package ships, installed first, so
// every test runs the code users get (kernel/di/reflect-polyfill.ts; reflect-metadata is not loaded anywhere).
import '../kernel/di/reflect-polyfill.ts'
