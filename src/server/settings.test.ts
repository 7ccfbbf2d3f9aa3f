import { describe, expect, it } from 'vitest';
import { documentedSettings, settingsGaps, settingsTable } from './settings';

describe('the settings table of docs/configuration.md', () => {
  it('names every variable the server reads, and only those', () => {
    expect(settingsGaps()).toEqual({ undocumented: [], unknown: [] });
  });

  it('is the table written beside the environment schema (npx tsx src/server/settings.ts --docs)', () => {
    expect(documentedSettings()).toBe(settingsTable());
  });
});
