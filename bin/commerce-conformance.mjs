#!/usr/bin/env node
// The `commerce-conformance` command: runs cli/main.ts (TypeScript) through tsx. See `--help`.
import { register } from 'tsx/esm/api';

register();
const { runProcess } = await import('../cli/main.ts');
await runProcess();
