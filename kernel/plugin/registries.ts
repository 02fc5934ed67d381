import { ProviderRpcError, JsonRpcErrorCode } from '../errors/index.ts'
import { toDisposable, type Disposable, type RpcHandler, type RpcMethod, type RpcParams, type RpcResult, type ViewId, type ViewLoader, type ViewMeta } from './contract.ts'

/** Lazily loaded views by id; duplicate ids throw; frozen after setup. */
export class ViewRegistry {
  private readonly loaders = new Map<string, ViewLoader<ViewId>>()
  private readonly metas = new Map<string, ViewMeta<ViewId>>()
  private frozen = false

  register<V extends ViewId>(id: V, load: ViewLoader<V>, meta: ViewMeta<V> = {}): Disposable {
    if (this.frozen) throw new Error(`Cannot register view "${id}" after setup`)
    if (this.loaders.has(id)) throw new Error(`View "${id}" is already registered`)
    this.loaders.set(id, load as unknown as ViewLoader<ViewId>)
    this.metas.set(id, meta as ViewMeta<ViewId>)
    return toDisposable(() => {
      this.loaders.delete(id)
      this.metas.delete(id)
    })
  }

  loader(id: string): ViewLoader<ViewId> | undefined {
    return this.loaders.get(id)
  }

  meta(id: string): ViewMeta<ViewId> | undefined {
    return this.metas.get(id)
  }

  has(id: string): boolean {
    return this.loaders.has(id)
  }

  ids(): string[] {
    return [...this.loaders.keys()]
  }

  freeze(): void {
    this.frozen = true
  }
}

/** RPC handlers by '<namespace>:<method>'; duplicates throw; frozen after setup. */
export class RpcRegistry {
  private readonly handlers = new Map<string, (params: unknown) => Promise<unknown>>()
  private frozen = false

  register<M extends RpcMethod>(method: M, handler: RpcHandler<M>): Disposable {
    if (this.frozen) throw new Error(`Cannot register RPC method "${method}" after setup`)
    if (this.handlers.has(method)) throw new Error(`RPC method "${method}" is already registered`)
    this.handlers.set(method, handler as (params: unknown) => Promise<unknown>)
    return toDisposable(() => this.handlers.delete(method))
  }

  /** Calls a handler; an unknown method is a JSON-RPC -32601 error. */
  async request<M extends RpcMethod>(method: M, params: RpcParams<M>): Promise<RpcResult<M>> {
    const handler = this.handlers.get(method)
    if (!handler) throw new ProviderRpcError(JsonRpcErrorCode.METHOD_NOT_FOUND, `Method not found: ${method}`)
    return (await handler(params)) as RpcResult<M>
  }

  freeze(): void {
    this.frozen = true
  }
}
