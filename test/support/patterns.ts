import { Re2PatternCompiler } from '../../src/adapters/outbound/re2/Re2PatternCompiler.js';

/** The production pattern engine, shared by the tests that need agent-supplied patterns compiled. */
export const patterns = new Re2PatternCompiler();
