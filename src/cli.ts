#!/usr/bin/env node
import module from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { DAEMON_V8_FLAGS } from './composition/daemonFlags.js';
import { runCli } from './composition/runCli.js';

// Node 22.1+ keeps compiled code between runs (the command chunks below are imported after
// this); Node 20 has no such cache, and nothing here needs it.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const args = process.argv.slice(2);
// Started by hand rather than by the launcher (which passes them to node): apply them now.
if (args[0] === 'daemon') {
  for (const flag of DAEMON_V8_FLAGS) if (!process.execArgv.includes(flag)) setFlagsFromString(flag);
}

process.exitCode = await runCli(args, process.env);
