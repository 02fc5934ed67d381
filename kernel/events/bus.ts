import mitt, { type Emitter } from 'mitt'
import { toDisposable, type Disposable, type EventBus, type ModalEvents } from '../plugin/contract.ts'

type Events = { [K in keyof ModalEvents]: ModalEvents[K] }

/** Typed event bus over mitt. One throwing handler never stops the others; its error is reported. */
export class ModalEventBus implements EventBus {
  private readonly emitter: Emitter<Events> = mitt<Events>()

  constructor(private readonly report: (error: unknown, type: string) => void = defaultReport) {}

  on<K extends keyof ModalEvents>(type: K, handler: (payload: ModalEvents[K]) => void): Disposable {
    const guarded = (payload: ModalEvents[K]) => {
      try {
        handler(payload)
      } catch (error) {
        this.report(error, String(type))
      }
    }
    this.emitter.on(type, guarded as never)
    return toDisposable(() => this.emitter.off(type, guarded as never))
  }

  emit<K extends keyof ModalEvents>(type: K, payload: ModalEvents[K]): void {
    this.emitter.emit(type, payload)
  }

  /** Removes every handler (modal destroy). */
  clear(): void {
    this.emitter.all.clear()
  }
}

function defaultReport(error: unknown, type: string): void {
  console.error(`[portico] handler for "${type}" threw`, error)
}
