/**
 * The package's programmatic API: `import { runConformance, startReferenceServer } from 'commerce-conformance'`.
 * Compiled to `dist/index.js`, its declarations generated from the code (`npm run build`). Implementation:
 * `cli/api.ts`.
 */
export * from './cli/api.ts';
