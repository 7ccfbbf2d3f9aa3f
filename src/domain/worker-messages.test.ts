import { describe, expect, it } from 'vitest';
import { readMessageToWindow, readMessageToWorker } from './worker-messages';

describe('messages between the windows and the service worker', () => {
  it('reads what a window sends the worker', () => {
    expect(readMessageToWorker({ type: 'SKIP_WAITING' })).toEqual({ type: 'SKIP_WAITING' });
    expect(readMessageToWorker({ type: 'KEEP_FOR_OFFLINE', urls: ['/locales/en/faq.json', 7, null] })).toEqual({
      type: 'KEEP_FOR_OFFLINE',
      urls: ['/locales/en/faq.json'],
    });
  });

  it('reads what the worker sends a window', () => {
    expect(readMessageToWindow({ type: 'FLUSH_OUTBOX' })).toEqual({ type: 'FLUSH_OUTBOX' });
    expect(readMessageToWindow({ type: 'NEWS_ARRIVED', extra: 1 })).toEqual({ type: 'NEWS_ARRIVED' });
  });

  it('takes nothing else: another script’s message, one meant for the other side, a list that is not one', () => {
    for (const data of [
      undefined,
      null,
      'SKIP_WAITING',
      { type: 'skip_waiting' },
      { type: 'KEEP_FOR_OFFLINE', urls: 'x' },
      { type: 'FLUSH_OUTBOX' },
    ]) {
      expect(readMessageToWorker(data)).toBeUndefined();
    }
    for (const data of [undefined, {}, { type: 'SKIP_WAITING' }, { type: 'KEEP_FOR_OFFLINE', urls: [] }]) {
      expect(readMessageToWindow(data)).toBeUndefined();
    }
  });
});
