/** The package's programmatic API (`dist/index.js`): `runConformance`, `startReferenceServer`, … */
export * from './cli/api.ts';
