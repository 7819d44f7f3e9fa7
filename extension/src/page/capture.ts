import { isDevelopmentUrl } from '../shared/devOrigins.js';
import { install } from './install.js';

// Injected into every http(s) page at document_start, in the page's own (MAIN) world; it hooks
// nothing unless the page is a development origin (SPEC 7). Tabs the user tracks from the popup
// get capture-tracked.js instead.
if (isDevelopmentUrl(location.href)) install();
