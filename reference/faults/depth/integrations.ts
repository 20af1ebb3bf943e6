/** Depth faults of the integrations (§2.2, §4.2, §6): read back wrong only for records of other shapes. */
import { type Fault, gateFaultRow } from '../fault.ts';
import { beforeHandler, dataOf, type Json } from '../hooks.ts';
import { CREATE_INTEGRATION } from '../routes.ts';

/** Edits the `data` of an integration create request before the server validates and stores it. */
const storedAs = (edit: (data: Json) => void) =>
  beforeHandler([CREATE_INTEGRATION], (request) => edit(dataOf(request)));

/** The text without its characters above U+FFFF (what a 3-byte "utf8" column keeps of it). */
export const withoutAstral = (text: string): string => text.replace(/[\u{10000}-\u{10ffff}]/gu, '');

export const DEPTH_INTEGRATION_FAULTS: Fault[] = [
  gateFaultRow('integration-enabled-default-true', 'INT-GET')(
    'An integration created with enabled: false is stored (and read) as enabled: true (`enabled || true`).',
    storedAs((data) => {
      if (data.enabled === false) data.enabled = true;
    }),
  ),
  gateFaultRow('integration-observes-first-only', 'INT-GET')(
    'Only the first entry of observes is stored: an integration created with several events reads back with one.',
    storedAs((data) => {
      if (Array.isArray(data.observes) && data.observes.length > 1) data.observes = data.observes.slice(0, 1);
    }),
  ),
  gateFaultRow('integration-text-astral-stripped', 'INT-GET')(
    'Characters above U+FFFF (emoji, some CJK) are dropped from the name and description of an integration (a 3-byte utf8 column).',
    storedAs((data) => {
      for (const key of ['name', 'description'])
        if (typeof data[key] === 'string') data[key] = withoutAstral(data[key]);
    }),
  ),
];
