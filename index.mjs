// The package's programmatic API: `import { runConformance, startReferenceServer } from 'commerce-conformance'`.
// The sources are TypeScript, loaded through tsx (scoped to this import: the caller's own module loading is
// left alone). Declarations: index.d.mts. Implementation: cli/api.ts.
import { tsImport } from 'tsx/esm/api';

const api = await tsImport('./cli/api.ts', import.meta.url);

export const { runConformance, startReferenceServer } = api;
