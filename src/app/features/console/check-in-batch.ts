import type { CheckInResult, RejectResult } from '#domain/schemas/operator-answers';
import type { Approval } from '#domain/schemas/operators';

/** The most codes one check-in call takes (POST /ops/checkins). */
export const maxBatch = 2000;

/**
 * The check-in screen's batch and what it last said, as one state changed by the actions below
 * (`batchReducer`), so that every rule of the batch is tested apart from React and IndexedDB. The
 * draft on the device (`checkin-queue.ts`) is written from `codes` and `removed`.
 */
export interface BatchState {
  /** The batch being gathered, in the order the codes came. */
  codes: readonly string[];
  /** Removed by hand: the camera does not bring them back while the label stays in view (typing does). */
  removed: readonly string[];
  /**
   * Codes of batches sent or rejected: labels still in the picture come back at every frame, and
   * the camera does not add them to the next batch (typing does, on purpose).
   */
  sent: readonly string[];
  /** The draft was read from the device: before that, nothing is written over it and nothing is sent. */
  loaded: boolean;
  /** A typed code that was already in the batch. */
  already?: string | undefined;
  checkedIn?: CheckInResult | undefined;
  awaiting?: Approval | undefined;
  rejection?: RejectResult | undefined;
  /** The container whose own rejection form is open. */
  rejecting?: string | undefined;
  /** Why the last action did nothing, for the whole screen. */
  failure?: string | undefined;
  /**
   * Said above the batch, not in the answer it undid: the labels still in view join a new batch at
   * the next frame, which closes that answer.
   */
  undone?: string | undefined;
}

export const emptyBatch: BatchState = { codes: [], removed: [], sent: [], loaded: false };

export type BatchAction =
  /** The draft kept on the device, merged with what was added while it was read. */
  | { type: 'draft-read'; codes: readonly string[]; removed: readonly string[] }
  /** Labels the camera read in one frame (already parsed). */
  | { type: 'scanned'; codes: readonly string[] }
  /** A code typed on purpose: one removed earlier comes back. */
  | { type: 'typed'; code: string }
  | { type: 'removed'; code: string }
  /** "Check in": the codes leave the batch for a kept batch. */
  | { type: 'sending'; codes: readonly string[] }
  /** The kept batch could not be written: its codes go back to the batch, nothing was sent. */
  | { type: 'keep-failed'; codes: readonly string[]; failure: string }
  /** A rejection is being sent. */
  | { type: 'rejecting-sent' }
  | { type: 'rejected'; codes: readonly string[]; result: RejectResult }
  | { type: 'failed'; failure: string }
  | { type: 'checked-in'; result: CheckInResult }
  | { type: 'awaiting-approval'; approval: Approval }
  /** A batch was undone: its containers wait for a check-in again, and their labels may join a new batch. */
  | { type: 'undone'; codes: readonly string[]; message: string }
  /** Opens (or, given the open one, closes) a container's own rejection form. */
  | { type: 'reject-one'; code: string | undefined };

/** Adds the codes not yet in the batch, up to `maxBatch`; a state with new codes has no earlier answer. */
function withCodes(state: BatchState, codes: readonly string[]): BatchState {
  const inBatch = new Set(state.codes);
  const fresh = [...new Set(codes)].filter((code) => !inBatch.has(code)).slice(0, maxBatch - state.codes.length);
  if (fresh.length === 0) return state;
  return {
    ...state,
    codes: [...state.codes, ...fresh],
    checkedIn: undefined,
    awaiting: undefined,
    rejection: undefined,
    already: undefined,
  };
}

/** The codes leave the batch, and the camera leaves them out while their labels stay in view. */
function closed(state: BatchState, codes: readonly string[]): BatchState {
  const gone = new Set(codes);
  return {
    ...state,
    codes: state.codes.filter((code) => !gone.has(code)),
    sent: [...new Set([...state.sent, ...codes])],
    already: undefined,
  };
}

export function batchReducer(state: BatchState, action: BatchAction): BatchState {
  switch (action.type) {
    case 'draft-read':
      return {
        ...state,
        codes: [...new Set([...action.codes, ...state.codes])],
        removed: [...new Set([...action.removed, ...state.removed])],
        loaded: true,
      };
    case 'scanned': {
      const left = new Set([...state.sent, ...state.removed]);
      return withCodes(
        state,
        action.codes.filter((code) => !left.has(code)),
      );
    }
    case 'typed': {
      const back = { ...state, removed: state.removed.filter((code) => code !== action.code) };
      const added = withCodes(back, [action.code]);
      return added === back ? { ...back, already: action.code } : added;
    }
    case 'removed':
      return {
        ...state,
        codes: state.codes.filter((code) => code !== action.code),
        removed: state.removed.includes(action.code) ? state.removed : [...state.removed, action.code],
      };
    case 'sending':
      return { ...closed(state, action.codes), failure: undefined, undone: undefined, checkedIn: undefined, awaiting: undefined };
    case 'keep-failed': {
      const back = new Set(action.codes);
      return {
        ...state,
        codes: [...new Set([...action.codes, ...state.codes])],
        sent: state.sent.filter((code) => !back.has(code)),
        failure: action.failure,
      };
    }
    case 'rejecting-sent':
      return { ...state, failure: undefined };
    case 'rejected': {
      const next = { ...closed(state, action.codes), rejection: action.result };
      return action.codes.includes(state.rejecting ?? '') ? { ...next, rejecting: undefined } : next;
    }
    case 'failed':
      return { ...state, failure: action.failure };
    case 'checked-in':
      return { ...state, checkedIn: action.result };
    case 'awaiting-approval':
      return { ...state, awaiting: action.approval };
    case 'undone': {
      const back = new Set(action.codes);
      return { ...state, undone: action.message, sent: state.sent.filter((code) => !back.has(code)) };
    }
    case 'reject-one':
      return { ...state, rejecting: state.rejecting === action.code ? undefined : action.code };
  }
}

/**
 * The batch as a store: the camera calls it several times between two renders, and each call must
 * see the codes the one before added (a label is added, and beeps, once). `dispatch` answers the
 * new state at once; React reads it with `useSyncExternalStore`.
 */
export function createBatchStore(initial: BatchState = emptyBatch) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: (): BatchState => state,
    dispatch: (action: BatchAction): BatchState => {
      const next = batchReducer(state, action);
      if (next !== state) {
        state = next;
        for (const listener of listeners) listener();
      }
      return state;
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type BatchStore = ReturnType<typeof createBatchStore>;
