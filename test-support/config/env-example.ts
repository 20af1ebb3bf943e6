import { SETTINGS } from '../../helpers/config/settings.ts';

/** The text of `.env.example`: every setting with its description and default. */
export function renderEnvExample(): string {
  const blocks = SETTINGS.map((s) => {
    const value = 'default' in s ? s.default : '';
    return `# ${s.description}\n# ${s.name}=${value}`;
  });
  return `# Configuration of the Commerce Service API conformance suite.
# Copy to .env and uncomment what you need. The environment wins over this file.
# Generated from helpers/config/settings.ts (npm test checks that the two agree).

${blocks.join('\n\n')}
`;
}
