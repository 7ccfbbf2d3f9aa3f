import { markets, type Currency } from '#domain/markets';
import { currencyExponent } from '#domain/money';

export interface AxisScale {
  /** The top of the scale (the bottom is 0: neither returns nor a balance go below it). */
  max: number;
  /** Where ticks and gridlines go, 0 first. */
  splits: number[];
}

/** 1, 2, 5, 10, 20, 50…: steps a person reads at a glance. */
function niceSteps(): number[] {
  const steps: number[] = [];
  for (let power = 1; power <= 1e12; power *= 10) steps.push(power, 2 * power, 5 * power);
  return steps;
}
const steps = niceSteps();

/** The smallest withdrawal of the market that uses this currency, in major units (5 €, 500 ¥). */
function smallestWithdrawal(currency: Currency): number {
  const market = Object.values(markets).find((entry) => entry.currency === currency);
  return (market?.minimumWithdrawalMinor ?? 0) / 10 ** currencyExponent[currency];
}

function splitsOf(step: number, intervals: number): number[] {
  return Array.from({ length: intervals + 1 }, (_, index) => index * step);
}

/**
 * The chart's two scales: returns per month (left) and the balance in major units (right).
 *
 * - Balance ticks are whole amounts (the labels have no decimals, so a step below one unit would
 *   print "0 €, 0 €, 1 €, 1 €"), at a step of 1, 2 or 5 × 10ⁿ, at most five steps.
 * - The balance scale reaches at least the market's smallest withdrawal: a balance of 0 or a few
 *   cents is drawn against the amount that can be withdrawn, not against a scale of cents.
 * - Both scales get the same number of steps, so the balance ticks sit on the gridlines that the
 *   returns axis draws from the left edge.
 */
export function chartScales(maxReturns: number, maxBalance: number, currency: Currency): { returns: AxisScale; balance: AxisScale } {
  // Headroom above the highest point, so its dot is not cut by the chart's top edge.
  const balanceTop = Math.max(maxBalance * 1.1, smallestWithdrawal(currency), 1);
  const balanceStep = steps.find((step) => Math.ceil(balanceTop / step - 1e-9) <= 5) ?? steps[steps.length - 1]!;
  const intervals = Math.max(2, Math.ceil(balanceTop / balanceStep - 1e-9));
  const returnsTop = Math.max(maxReturns * 1.1, intervals);
  const returnsStep = steps.find((step) => step * intervals >= returnsTop - 1e-9) ?? steps[steps.length - 1]!;
  return {
    returns: { max: returnsStep * intervals, splits: splitsOf(returnsStep, intervals) },
    balance: { max: balanceStep * intervals, splits: splitsOf(balanceStep, intervals) },
  };
}
