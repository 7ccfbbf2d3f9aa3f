import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderComponent } from '../../testing/render';
import { SlotCounter } from './slot-counter';

// "Items returned" on the balance card: a count, not a code. "002" read like one (docs/product.md,
// Counters and images), so the reels show the digits of the number and nothing before them.

describe('the returned-items counter', () => {
  it.each([
    [2, '2'],
    [11, '11'],
    [0, '0'],
  ])('shows %i as “%s” on its reels and to a screen reader', async (value, shown) => {
    await renderComponent(<SlotCounter value={value} testId="returned-items" />);
    const counter = page.getByTestId('returned-items');
    const reels = counter.element().querySelectorAll('.slot__reel');
    expect(reels).toHaveLength(shown.length);
    // The reels roll to their digit: wait until each has settled, as the eye does.
    await expect.poll(() => [...reels].every((reel) => reel.getAttribute('data-settled') === 'true')).toBe(true);
    expect([...reels].map((reel) => reel.textContent).join('')).toBe(shown);
    await expect.element(counter.getByText(shown, { exact: true }).first()).toBeInTheDocument();
  });
});
