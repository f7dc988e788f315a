#!/usr/bin/env node
import module from 'node:module';
import { setFlagsFromString } from 'node:v8';

module.enableCompileCache?.();
// V8's young generation stays at its first size: what a stream allocates per line dies young, and
// a grown young generation stays resident (see the peak RSS of `pnpm bench`), for no speed gained.
setFlagsFromString('--semi-space-growth-factor=1');
await import('../bundle/agentbridge.mjs');
