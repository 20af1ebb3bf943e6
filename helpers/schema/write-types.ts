/**
 * Command line: regenerates schemas/types.generated.ts from the schema files (`npm run schemas:types`).
 */
import { writeFileSync } from 'node:fs';
import { GENERATED_TYPES_FILE, generateSchemaTypes } from './generate-types.ts';

writeFileSync(GENERATED_TYPES_FILE, await generateSchemaTypes());
process.stdout.write(`wrote ${GENERATED_TYPES_FILE}\n`);
