import { useFocusWhenShown } from './use-focus-when-shown';

/**
 * A refusal of what the operator just pressed: read out at once, and focused, since the button
 * that was pressed is disabled while the call runs. Renders nothing without a text.
 */
export function FailureAlert({ text }: { text: string | undefined }) {
  const ref = useFocusWhenShown<HTMLParagraphElement>(text);
  return text ? (
    <p ref={ref} role="alert" tabIndex={-1} className="field__error">
      {text}
    </p>
  ) : null;
}

/**
 * What a decision did, said where its card was: the card leaves the list with the decision, so
 * the outcome takes the focus its button had. The live region stays in place, empty, so a screen
 * reader announces the text when it comes.
 */
export function OutcomeStatus({ text, testId }: { text: string | undefined; testId?: string }) {
  const ref = useFocusWhenShown<HTMLParagraphElement>(text);
  return (
    <div role="status">
      {text ? (
        <p ref={ref} tabIndex={-1} className="notice ops-result ops-outcome" data-testid={testId}>
          {text}
        </p>
      ) : null}
    </div>
  );
}
