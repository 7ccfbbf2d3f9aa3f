import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, postScan } from '../../testing/wallet';
import { verifiedCustomer } from '../../testing/withdrawals';

/**
 * "Items returned" on the balance card and "Containers returned" in the impact section are one
 * figure: over random histories of scans, check-ins, rejections and disputes credited or upheld,
 * both equal the model's count of credited containers after every step.
 */

const containerCount = 4;

type Step =
  | { kind: 'checkin'; containers: number[] }
  | { kind: 'reject'; containers: number[] }
  // Which of the containers the step can act on: the n-th rejected one (dispute), the n-th disputed one (credit, uphold).
  | { kind: 'dispute' | 'credit' | 'uphold'; pick: number };

const container = fc.integer({ min: 0, max: containerCount - 1 });
const some = fc.uniqueArray(container, { minLength: 1, maxLength: containerCount });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('checkin' as const), containers: some }),
  fc.record({ kind: fc.constant('reject' as const), containers: some }),
  fc.record({ kind: fc.constantFrom('dispute' as const, 'credit' as const, 'uphold' as const), pick: fc.nat() }),
);

type State = 'pending' | 'completed' | 'rejected' | 'disputed' | 'credited' | 'upheld';

function pick(states: State[], wanted: State, n: number): number | undefined {
  const eligible = states.flatMap((state, index) => (state === wanted ? [index] : []));
  return eligible.length === 0 ? undefined : eligible[n % eligible.length];
}

describe.each(databaseKinds)('one count of returned items on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the balance card and the impact section count the same credited containers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const person = await verifiedCustomer(t);
        const codes = await issue(t, 'us-oat-milk-1l', containerCount);
        const scanIds: string[] = [];
        for (const code of codes) {
          const scan = await postScan(t, person.headers, code);
          expect(scan.statusCode).toBe(201);
          scanIds.push((scan.json().data as { id: string }).id);
        }
        const states: State[] = codes.map(() => 'pending');
        const disputes = new Map<number, string>();

        for (const next of steps) {
          switch (next.kind) {
            case 'checkin':
            case 'reject': {
              const chosen = next.containers.filter((index) => states[index] === 'pending');
              if (chosen.length === 0) break;
              const path = next.kind === 'checkin' ? '/checkins' : '/rejections';
              const payload =
                next.kind === 'checkin'
                  ? { codes: chosen.map((index) => codes[index]) }
                  : { codes: chosen.map((index) => codes[index]), reason: 'Cracked' };
              expect((await ops(t, path, payload)).statusCode).toBe(200);
              for (const index of chosen) states[index] = next.kind === 'checkin' ? 'completed' : 'rejected';
              break;
            }
            case 'dispute': {
              const index = pick(states, 'rejected', next.pick);
              if (index === undefined) break;
              const filed = await t.inject({
                method: 'POST',
                url: '/api/v2/disputes',
                headers: person.headers,
                payload: { id: randomUUID(), transaction_id: `scan:${scanIds[index]}`, reason: 'not_damaged' },
              });
              expect(filed.statusCode).toBe(201);
              disputes.set(index, (filed.json().data as { id: string }).id);
              states[index] = 'disputed';
              break;
            }
            case 'credit':
            case 'uphold': {
              const index = pick(states, 'disputed', next.pick);
              if (index === undefined) break;
              const id = disputes.get(index)!;
              const answer =
                next.kind === 'credit'
                  ? await ops(t, `/disputes/${id}/credit`, {})
                  : await ops(t, `/disputes/${id}/uphold`, { answer: 'Cracked.' });
              expect(answer.statusCode).toBe(200);
              states[index] = next.kind === 'credit' ? 'credited' : 'upheld';
              break;
            }
          }

          const expected = states.filter((state) => state === 'completed' || state === 'credited').length;
          const balance = await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers: person.headers });
          const impact = await t.inject({ method: 'GET', url: '/api/v2/user/impact', headers: person.headers });
          expect(balance.json().data.returned_items).toBe(expected);
          expect(impact.json().data.returned_items).toBe(expected);
        }
      }),
      { numRuns: 12 },
    );
  });
});
