import { useSyncExternalStore } from 'react';
import type { OperatorSession } from '#domain/schemas/operators';
import { onOperatorSessionChange, operatorSession } from './operator-session';

export function useOperatorSession(): OperatorSession | null {
  return useSyncExternalStore(onOperatorSessionChange, operatorSession, () => null);
}
