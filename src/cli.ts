#!/usr/bin/env node
import module from 'node:module';
import { applyDaemonV8Flags } from './composition/daemonFlags.js';
import { runCli } from './composition/runCli.js';

// Node 22.1+ keeps compiled code between runs (the command chunks below are imported after
// this); Node 20 has no such cache, and nothing here needs it.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const args = process.argv.slice(2);
if (args[0] === 'daemon') applyDaemonV8Flags(module.createRequire(import.meta.url));

process.exitCode = await runCli(args, process.env);
