import { describe, expect, it } from 'vitest';
import { pageQuotesGoals } from './goals';

describe('the goals of docs/performance.md', () => {
  it('are the table of bench/goals.ts (npx tsx bench/goals.ts --docs)', () => {
    expect(pageQuotesGoals()).toBe(true);
  });
});
