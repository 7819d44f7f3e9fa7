import { installReader } from './reader.js';

// The bundle injected into the page's MAIN world (where the frameworks' debug data is) when
// pointing starts, never before: component-chain.js (scripts/build-extension.mjs).
installReader(window);
