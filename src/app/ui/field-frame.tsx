import type { ReactNode } from 'react';

export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Read before the control (what to type). */
  hint?: ReactNode;
  /** Read after the control, as it changes (a character count). */
  count?: ReactNode;
}

/** The ids a control is described by: its hint, its count, its error, in reading order. */
export function describedByOf({ id, error, hint, count }: Omit<FieldFrameProps, 'label'>): string | undefined {
  const ids = [hint ? `${id}-hint` : undefined, count ? `${id}-count` : undefined, error ? `${id}-error` : undefined];
  return ids.filter(Boolean).join(' ') || undefined;
}

/** What the kit's fields add to their control: marked invalid when in error, described by hint, count and error. */
export function controlStateOf(props: Omit<FieldFrameProps, 'label'>) {
  return { id: props.id, 'aria-invalid': props.error ? true : undefined, 'aria-describedby': describedByOf(props) };
}

/**
 * Label, hint, control, count and error in the order a screen reader and the eye take them, the
 * same for every field of every form; the focus after a refusal finds the control by `aria-invalid`.
 */
export function FieldFrame({ id, label, error, hint, count, children }: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      {count ? (
        <p id={`${id}-count`} className="field__hint">
          {count}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
