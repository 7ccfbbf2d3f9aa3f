import { describe, expect, it } from 'vitest';
import { keepAliveOnWork } from './keep-alive';

describe('keeping the session alive while the operator works', () => {
  it('calls the server at the first work, then at most once a minute however much is scanned', async () => {
    let now = 0;
    let pings = 0;
    const work = keepAliveOnWork(
      async () => {
        pings += 1;
      },
      () => now,
    );
    work();
    expect(pings).toBe(1);
    // A bag of labels read in the next seconds: no more calls.
    for (let second = 1; second < 60; second += 1) {
      now = second * 1000;
      work();
    }
    expect(pings).toBe(1);
    now = 60_000;
    work();
    expect(pings).toBe(2);
    // Fourteen quiet minutes, then a code typed: one call, well within the 15-minute idle limit.
    now += 14 * 60_000;
    work();
    expect(pings).toBe(3);
  });

  it('a failed call (offline) is not an error and is tried again after the interval', async () => {
    let now = 0;
    let calls = 0;
    const work = keepAliveOnWork(
      () => {
        calls += 1;
        return Promise.reject(new Error('offline'));
      },
      () => now,
    );
    work();
    now = 30_000;
    work();
    now = 61_000;
    work();
    expect(calls).toBe(2);
  });
});
