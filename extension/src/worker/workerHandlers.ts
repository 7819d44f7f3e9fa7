import type { WorkerFamily } from '../../../src/domain/browserActions/BrowserAction.js';
import { type ActionsOf, actionNamed, inPage } from '../../../src/domain/browserActions/table.js';
import { DIALOGS } from './actions/dialogs.js';
import { NAVIGATION } from './actions/navigation.js';
import { inPage as runInPage } from './actions/page.js';
import { PICKS } from './actions/picks.js';
import { READING } from './actions/reading.js';
import { REPLAYS } from './actions/replays.js';
import { SCREENSHOTS } from './actions/screenshots.js';
import { SCRIPT } from './actions/script.js';
import type { WorkerHandler } from './actions/WorkerHandler.js';

/**
 * Every worker action's handler, a family's file at a time: the type makes each action of a
 * worker family in the table have exactly one (docs/architecture.md, "Adding an action").
 */
const WORKER_HANDLERS: { readonly [K in ActionsOf<WorkerFamily>]: WorkerHandler } = {
  ...NAVIGATION,
  ...SCRIPT,
  ...SCREENSHOTS,
  ...DIALOGS,
  ...PICKS,
  ...REPLAYS,
};

/**
 * How the worker runs the action `name`: its worker family's handler; a page family's runs in the
 * page (actions/page.ts), unless its family adds a worker side (actions/reading.ts). Undefined
 * for a name that is no action of the table.
 */
export function workerHandlerFor(name: string): WorkerHandler | undefined {
  const action = actionNamed(name);
  if (action === undefined) return undefined;
  if (!inPage(action)) return (WORKER_HANDLERS as Record<string, WorkerHandler>)[name];
  return (READING as Record<string, WorkerHandler | undefined>)[name] ?? runInPage;
}
