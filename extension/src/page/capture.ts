import { isDevelopmentUrl } from '../shared/devOrigins.js';
import { install } from './install.js';

// Loaded at document_start, in the page's own (MAIN) world, in every frame of the development
// origins the manifest names and of the development addresses registered at run time
// (worker/PageScripts.ts); nowhere else. It hooks a frame that is a development origin or sits in a
// development page (every frame of a tracked page). Tabs the user tracks get capture-tracked.js.
const ancestors = location.ancestorOrigins;
const top = ancestors !== undefined && ancestors.length > 0 ? ancestors[ancestors.length - 1] : undefined;
if (isDevelopmentUrl(location.href) || (top !== undefined && isDevelopmentUrl(top))) install();
