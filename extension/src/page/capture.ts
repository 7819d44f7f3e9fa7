import { isDevelopmentUrl } from '../shared/devOrigins.js';
import { install } from './install.js';

// Injected into every http(s) page and frame at document_start, in the page's own (MAIN) world;
// it hooks nothing unless the page is a development origin, or a frame of one (SPEC 7, 8: every
// frame of a tracked page). Tabs the user tracks from the popup get capture-tracked.js instead.
const ancestors = location.ancestorOrigins;
const top = ancestors !== undefined && ancestors.length > 0 ? ancestors[ancestors.length - 1] : undefined;
if (isDevelopmentUrl(location.href) || (top !== undefined && isDevelopmentUrl(top))) install();
