import { Fragment } from 'react';

/**
 * An address that wraps at its @ and dots on a 360 px screen rather than overflowing or being
 * cut inside a word.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
