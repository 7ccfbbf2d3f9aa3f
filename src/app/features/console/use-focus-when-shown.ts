import { useEffect, useRef } from 'react';

/**
 * A message that takes the focus when it appears (a refusal after a button was pressed): the
 * button is disabled while the call runs, so the focus would otherwise fall to the page's body.
 * Focused after React has drawn it, which a timer or an animation frame does not guarantee.
 */
export function useFocusWhenShown<Element extends HTMLElement>(shown: unknown) {
  const ref = useRef<Element>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}
