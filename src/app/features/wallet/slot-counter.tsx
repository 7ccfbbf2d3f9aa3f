import { useEffect, useState, useSyncExternalStore } from 'react';

/** A slot-machine digit moves one step every 50 ms (docs/product.md, Counters and images). */
export const slotTickMs = 50;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof matchMedia === 'undefined') return () => {};
  const query = matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => typeof matchMedia !== 'undefined' && matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

/** One reel: it rolls forward (9 → 0 wraps) one step per tick until it shows its digit. */
function SlotDigit({ digit, still }: { digit: number; still: boolean }) {
  const [shown, setShown] = useState(still ? digit : 0);
  useEffect(() => {
    if (still) {
      setShown(digit);
      return;
    }
    if (shown === digit) return;
    const timer = setTimeout(() => setShown((current) => (current + 1) % 10), slotTickMs);
    return () => clearTimeout(timer);
  }, [digit, shown, still]);
  return (
    <span className="slot__reel" data-settled={shown === digit ? 'true' : 'false'}>
      {shown}
    </span>
  );
}

/**
 * Text whose digits roll like a slot machine: `text` is what screen readers get (and what the
 * reels settle on), the animation itself is hidden from them. With reduced motion, no roll.
 */
export function SlotText({
  text,
  className,
  testId,
  alreadyShown,
}: {
  text: string;
  className?: string;
  testId?: string;
  /** What is already on screen (the prerendered shell's figure): no roll when `text` is the same. */
  alreadyShown?: string;
}) {
  const still = usePrefersReducedMotion() || text === alreadyShown;
  return (
    <span className={`slot ${className ?? ''}`} data-testid={testId}>
      <span className="visually-hidden">{text}</span>
      <span aria-hidden="true" className="slot__reels">
        {[...text].map((character, index) =>
          /\d/.test(character) ? (
            <SlotDigit key={`${index}-${text.length}`} digit={Number(character)} still={still} />
          ) : (
            <span key={`${index}-${text.length}`}>{character}</span>
          ),
        )}
      </span>
    </span>
  );
}

/**
 * The counter: a count shown on reels, one per digit (up to three for the counts a customer
 * reaches in a year). No leading zeros: "002" reads like a code, not a count.
 */
export function SlotCounter({ value, className, testId }: { value: number; className?: string; testId?: string }) {
  const still = usePrefersReducedMotion();
  const digits = String(Math.max(0, Math.trunc(value)));
  return (
    <span className={`slot slot--counter ${className ?? ''}`} data-testid={testId}>
      <span className="visually-hidden">{value}</span>
      <span aria-hidden="true" className="slot__reels">
        {[...digits].map((character, index) => (
          <SlotDigit key={`${index}-${digits.length}`} digit={Number(character)} still={still} />
        ))}
      </span>
    </span>
  );
}
