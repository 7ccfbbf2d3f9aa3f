import { inspect } from 'node:util';

/** How long a walk waits for what a person would see, unless a step says otherwise. */
export const defaultTimeoutMs = 10_000;

export class ConditionTimeout extends Error {
  override name = 'ConditionTimeout';
}

/**
 * Asks `probe` again and again until `accept` holds for its answer, and returns that answer. After
 * `timeoutMs` it fails with what was waited for and the last answer (or error), so a failure reads
 * like an assertion: "the balance: expected … last seen '€0,00'". No fixed sleeps: the next probe
 * follows the last one after a short pause.
 */
export async function until<Value>(
  what: string,
  probe: () => Promise<Value>,
  accept: (value: Value) => boolean,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<Value> {
  const deadline = Date.now() + (options.timeoutMs ?? defaultTimeoutMs);
  const interval = options.intervalMs ?? 150;
  let last: { value: Value } | { error: unknown } | undefined;
  for (;;) {
    try {
      const value = await probe();
      if (accept(value)) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
  const seen =
    last === undefined
      ? 'nothing'
      : 'error' in last
        ? `an error: ${last.error instanceof Error ? last.error.message : String(last.error)}`
        : inspect(last.value, { depth: 4, breakLength: 160 });
  throw new ConditionTimeout(`${what}: not so after ${options.timeoutMs ?? defaultTimeoutMs} ms; last seen ${seen}`);
}
