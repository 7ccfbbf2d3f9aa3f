import { describe, expect, it } from 'vitest';
import type { CheckInResult, RejectResult } from '#domain/schemas/operator-answers';
import { batchReducer, createBatchStore, emptyBatch, maxBatch, type BatchAction, type BatchState } from './check-in-batch';

function run(...actions: BatchAction[]): BatchState {
  return actions.reduce(batchReducer, emptyBatch);
}

const checkedIn = {
  batch_id: null,
  checked_in: [],
  held: [],
  not_pending: [],
  expired: [],
  unknown: [],
  competing_claims: [],
} satisfies CheckInResult;
const rejected = { rejected: [], not_pending: [], unknown: [] } satisfies RejectResult;

describe('the check-in batch', () => {
  it('adds each label the camera reads once, in the order they came', () => {
    const state = run({ type: 'scanned', codes: ['A', 'B'] }, { type: 'scanned', codes: ['B', 'C', 'A'] });
    expect(state.codes).toEqual(['A', 'B', 'C']);
  });

  it('keeps a code removed by hand out of the camera’s frames, and takes it back when typed', () => {
    const removed = run({ type: 'scanned', codes: ['A', 'B'] }, { type: 'removed', code: 'A' }, { type: 'scanned', codes: ['A', 'B'] });
    expect(removed.codes).toEqual(['B']);
    expect(removed.removed).toEqual(['A']);
    const typed = batchReducer(removed, { type: 'typed', code: 'A' });
    expect(typed.codes).toEqual(['B', 'A']);
    expect(typed.removed).toEqual([]);
  });

  it('says a typed code is already in the batch, and forgets it once a new code comes', () => {
    const again = run({ type: 'typed', code: 'A' }, { type: 'typed', code: 'A' });
    expect(again.codes).toEqual(['A']);
    expect(again.already).toBe('A');
    expect(batchReducer(again, { type: 'scanned', codes: ['B'] }).already).toBeUndefined();
  });

  it('leaves a sent batch’s labels out of the next batch from the camera, but not when typed', () => {
    const sent = run({ type: 'scanned', codes: ['A', 'B'] }, { type: 'sending', codes: ['A', 'B'] });
    expect(sent.codes).toEqual([]);
    expect(batchReducer(sent, { type: 'scanned', codes: ['A', 'B', 'C'] }).codes).toEqual(['C']);
    expect(batchReducer(sent, { type: 'typed', code: 'A' }).codes).toEqual(['A']);
  });

  it('puts the codes back in front when the batch could not be kept on the device', () => {
    const state = run(
      { type: 'scanned', codes: ['A', 'B'] },
      { type: 'sending', codes: ['A', 'B'] },
      { type: 'scanned', codes: ['C'] },
      { type: 'keep-failed', codes: ['A', 'B'], failure: 'storage full' },
    );
    expect(state.codes).toEqual(['A', 'B', 'C']);
    expect(state.failure).toBe('storage full');
    // They are in the batch again, so the camera may add them to it after the next "Check in" fails too.
    expect(state.sent).toEqual([]);
  });

  it('lets an undone batch’s labels join a new batch from the camera', () => {
    const state = run(
      { type: 'scanned', codes: ['A'] },
      { type: 'sending', codes: ['A'] },
      { type: 'checked-in', result: checkedIn },
      { type: 'undone', codes: ['A'], message: 'undone' },
      { type: 'scanned', codes: ['A'] },
    );
    expect(state.codes).toEqual(['A']);
    expect(state.undone).toBe('undone');
    // A new code closes the earlier answer.
    expect(state.checkedIn).toBeUndefined();
  });

  it('closes the rejected codes and their own rejection form, and keeps the answer', () => {
    const state = run(
      { type: 'scanned', codes: ['A', 'B'] },
      { type: 'reject-one', code: 'A' },
      { type: 'rejected', codes: ['A'], result: rejected },
    );
    expect(state.codes).toEqual(['B']);
    expect(state.rejecting).toBeUndefined();
    expect(state.rejection).toBe(rejected);
    expect(batchReducer(state, { type: 'scanned', codes: ['A'] }).codes).toEqual(['B']);
  });

  it('merges the draft read from the device with what was added while it was read', () => {
    const state = run({ type: 'scanned', codes: ['C', 'A'] }, { type: 'draft-read', codes: ['A', 'B'], removed: ['Z'] });
    expect(state).toMatchObject({ codes: ['A', 'B', 'C'], removed: ['Z'], loaded: true });
  });

  it('takes at most one call’s worth of codes', () => {
    const codes = Array.from({ length: maxBatch + 5 }, (_, index) => `C${index}`);
    expect(run({ type: 'scanned', codes }).codes).toHaveLength(maxBatch);
  });

  it('answers each dispatch with the state it made, so two frames before a render add a label once', () => {
    const store = createBatchStore();
    let changes = 0;
    store.subscribe(() => (changes += 1));
    const first = store.dispatch({ type: 'scanned', codes: ['A'] });
    const second = store.dispatch({ type: 'scanned', codes: ['A'] });
    expect(first.codes).toEqual(['A']);
    expect(second).toBe(first);
    expect(changes).toBe(1);
  });
});
