#!/usr/bin/env node
import 'reflect-metadata';
import { runCli } from './composition/runCli.js';

process.exitCode = await runCli(process.argv.slice(2), process.env);
