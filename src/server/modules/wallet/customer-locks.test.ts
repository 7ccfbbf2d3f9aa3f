import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error';
import { lockConflictTries, retryLockConflicts } from './customer-locks';

const deadlock = () => new Error('Failed query: update scans', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });

describe('a write that lost a lock race', () => {
  it('runs again, and answers what the try that won answered', async () => {
    let tries = 0;
    const answer = await retryLockConflicts(async () => {
      tries += 1;
      if (tries < lockConflictTries) throw deadlock();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(tries).toBe(lockConflictTries);
  });

  it('stops after three tries: 503 SERVICE_BUSY with Retry-After, never the database error', async () => {
    let tries = 0;
    const failure = await retryLockConflicts(async () => {
      tries += 1;
      throw deadlock();
    }).catch((error: unknown) => error);
    expect(tries).toBe(3);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 503, code: 'SERVICE_BUSY', retryAfter: 1 });
  });

  it('is not run again for any other failure', async () => {
    let tries = 0;
    const failure = await retryLockConflicts(async () => {
      tries += 1;
      throw Object.assign(new Error('check'), { code: '23514' });
    }).catch((error: unknown) => error);
    expect(tries).toBe(1);
    expect(failure).toMatchObject({ code: '23514' });
  });
});
