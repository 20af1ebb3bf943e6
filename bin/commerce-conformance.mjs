#!/usr/bin/env node
// The `commerce-conformance` command: runs cli/main.ts (TypeScript) through tsx. See `--help`.
//
// tsx's module hooks run in a thread of their own, and every module imported while they are registered
// crosses to that thread and back. vitest and its bundles (vite, rolldown: hundreds of modules) need no
// TypeScript: they are imported first, natively. The hooks are then on only while the command line's own
// modules load (all imported statically from cli/main.ts), and off for the rest of the run.
await import('vitest/node');
const { register } = await import('tsx/esm/api');
const unregister = register();
const { runProcess } = await import('../cli/main.ts');
await unregister();
await runProcess();
