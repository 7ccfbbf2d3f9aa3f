import { describe, expect, it } from 'vitest';
import { readmeSettings, settingsGaps, settingsTable } from './settings';

describe("the README's settings table", () => {
  it('names every variable the server reads, and only those', () => {
    expect(settingsGaps()).toEqual({ undocumented: [], unknown: [] });
  });

  it('is the table written beside the environment schema (npx tsx src/server/settings.ts --readme)', () => {
    expect(readmeSettings()).toBe(settingsTable());
  });
});
