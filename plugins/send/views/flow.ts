import { useService } from 'portico/react'
import { SendController, type SendControllerDeps } from '../controller.ts'
import { SendTokens } from '../tokens.ts'

// One controller per modal: keyed by the modal's deps object (nothing is shared between two modals on a page).
const controllers = new WeakMap<SendControllerDeps, SendController>()

/** The send controller of the modal these deps belong to, created on first use. */
export function controllerFor(deps: SendControllerDeps): SendController {
  let controller = controllers.get(deps)
  if (!controller) {
    controller = new SendController(deps)
    controllers.set(deps, controller)
  }
  return controller
}

/** The modal's send controller, in a view. */
export function useSendController(): SendController {
  return controllerFor(useService(SendTokens.Deps))
}
