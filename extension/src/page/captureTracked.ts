import { install } from './install.js';

// Registered per origin for tabs the user tracks from the popup: capture whatever the origin.
install();
