import { PACKAGE } from './packageRoot.js';

/** The version in browsertap's package.json. */
export const VERSION: string = PACKAGE.version;
