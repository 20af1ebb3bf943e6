/** `npm run schemas:types`: regenerates the schemas' types and compiled validators. */
import { writeFileSync } from 'node:fs';
import { GENERATED_TYPES_FILE, generateSchemaTypes } from './generate-types.ts';
import { GENERATED_VALIDATORS_FILE, generateValidators } from './generate-validators.ts';

writeFileSync(GENERATED_TYPES_FILE, await generateSchemaTypes());
process.stdout.write(`wrote ${GENERATED_TYPES_FILE}\n`);
// After the types: the validators are made for the schema names the types list.
writeFileSync(GENERATED_VALIDATORS_FILE, generateValidators());
process.stdout.write(`wrote ${GENERATED_VALIDATORS_FILE}\n`);
