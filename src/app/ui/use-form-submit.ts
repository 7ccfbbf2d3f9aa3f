import { useLingui } from '@lingui/react';
import { useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { isApiError } from '../lib/api';
import { fieldErrorText, fieldErrorsOf, focusFirstError, type FieldErrors } from './field-errors';

/** What a refused submission shows. */
export interface FormFailure {
  /** Error keys under fields, in the user's language through `fieldErrorText`. */
  fields?: FieldErrors;
  /** The server's own words under a field; they win over a key. */
  fieldMessages?: Partial<Record<string, string>>;
  /** A message for the whole form. */
  message?: string;
  /** Where focus goes instead of the first field in error (a notice outside the fields). */
  focus?: () => void;
}

/** What the form renders. */
export interface FormShown {
  errors: FieldErrors;
  fieldMessages: Partial<Record<string, string>>;
  message: string | undefined;
}

export const nothingShown: FormShown = { errors: {}, fieldMessages: {}, message: undefined };

export function shownOf(failure: FormFailure): FormShown {
  return { errors: failure.fields ?? {}, fieldMessages: failure.fieldMessages ?? {}, message: failure.message };
}

/** The field errors the API sent with a refusal, if it sent any: what most forms show. */
export function apiFieldFailure(error: unknown): FormFailure | undefined {
  return isApiError(error) && Object.keys(error.fields).length > 0 ? { fields: error.fields } : undefined;
}

/** The form's values as typed in: the schema's fields, any value (the schema is what checks them). */
export type FormValues<Schema extends z.ZodType> = { [Field in keyof z.input<Schema>]?: unknown };

/**
 * The names of a schema's fields. Distributes over a union of schemas (a form whose schema depends
 * on the market or the method), so every field of any of them is a name.
 */
export type FieldName<Schema extends z.ZodType> = Schema extends z.ZodType ? Extract<keyof z.input<Schema>, string> : never;

/** What a person typed or chose in the form's text fields, selects and text areas, by field name. */
export type TypedValues<Schema extends z.ZodType> = Partial<Record<FieldName<Schema>, string>>;

/** What `field(name)` gives a `TextField` (which adds `aria-invalid` and `aria-describedby` from `error`). */
export interface BoundField<Name extends string> {
  name: Name;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  error: string | undefined;
}

/**
 * What a control that is not a `TextField` (a select, a text area, a checkbox, a radio group's
 * fieldset) carries to be found by the focus and read by a screen reader: the error's text is
 * rendered by the form with the id `<id>-error`.
 */
export interface InvalidState {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A form's schema, or a function that loads it. A form on a page's first load (login) names a
 * loader, so that zod (about 25 KB compressed, and its evaluation) is not part of that load: the
 * schema loads when the form first takes focus (`prepare`), or at the latest on submit.
 */
export type SchemaSource<Schema extends z.ZodType> = Schema | (() => Promise<Schema>);

export interface FormSubmitOptions<Schema extends z.ZodType, Result> {
  schema: SchemaSource<Schema>;
  /** The starting values of the fields bound with `field(name)`; a field left out starts empty. */
  initialValues?: TypedValues<Schema> | (() => TypedValues<Schema>);
  /** Runs with the parsed values (a mutation's `mutateAsync`); a rejection is read by `onFailure`. */
  action: (data: z.output<Schema>) => Promise<Result> | Result;
  onSuccess?: (result: Result, data: z.output<Schema>) => void;
  /**
   * Reads a rejection: what to show, or undefined when the form dealt with it otherwise (a
   * notification). State it sets is rendered before focus moves. Default: `apiFieldFailure`.
   */
  onFailure?: (error: unknown) => FormFailure | undefined;
}

/** Moves focus after a refusal: where the failure says, else the first field in error in the form's order. */
export function focusFailure(form: Pick<HTMLFormElement, 'querySelector'> | null, failure: FormFailure): void {
  if (failure.focus) failure.focus();
  else focusFirstError(form);
}

/** How a submission reaches the screen; the hook renders synchronously, so focus finds the fields. */
export interface SubmitSteps {
  show: (shown: FormShown) => void;
  focus: (failure: FormFailure) => void;
  setPending: (pending: boolean) => void;
  /** Runs the form's own failure reading so that the state it sets is rendered at once. */
  read: (read: () => FormFailure | undefined) => FormFailure | undefined;
}

/**
 * One submission: validate, show the field errors and focus the first, else run the action and
 * show what its refusal says. Apart from React and the DOM, so it can be tested on its own.
 * Resolves true when the action succeeded.
 */
export async function runSubmit<Schema extends z.ZodType, Result>(
  values: FormValues<Schema>,
  options: FormSubmitOptions<Schema, Result>,
  steps: SubmitSteps,
): Promise<boolean> {
  let schema: Schema;
  try {
    schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
  } catch (error) {
    // The schema's file did not arrive (offline before the service worker had it): the form says
    // so as it says any failed call.
    showFailure(error, options, steps);
    return false;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const failure = { fields: fieldErrorsOf(parsed.error) } satisfies FormFailure;
    steps.show(shownOf(failure));
    steps.focus(failure);
    return false;
  }
  steps.show(nothingShown);
  steps.setPending(true);
  let result: Result;
  try {
    result = await options.action(parsed.data);
  } catch (error) {
    steps.setPending(false);
    showFailure(error, options, steps);
    return false;
  }
  steps.setPending(false);
  options.onSuccess?.(result, parsed.data);
  return true;
}

/** Reads a rejection with the form's `onFailure`, shows what it says and moves focus. */
function showFailure<Schema extends z.ZodType, Result>(
  error: unknown,
  options: FormSubmitOptions<Schema, Result>,
  steps: SubmitSteps,
): void {
  const read = options.onFailure ?? apiFieldFailure;
  const failure = steps.read(() => read(error));
  if (failure) {
    steps.show(shownOf(failure));
    steps.focus(failure);
  }
}

/**
 * The submit of a form checked by a domain schema: field errors in the user's language, focus on
 * the first field in error (in the form's order, after a refusal by the server too), pending
 * while the action runs, and the server's message. The fields render `errorOf(name)` and set
 * `aria-invalid` from it, which is what the focus looks for.
 */
export function useFormSubmit<Schema extends z.ZodType, Result>(
  formRef: RefObject<HTMLFormElement | null>,
  options: FormSubmitOptions<Schema, Result>,
) {
  const { i18n } = useLingui();
  const [shown, setShown] = useState<FormShown>(nothingShown);
  const [pending, setPending] = useState(false);
  const [values, setValues] = useState<TypedValues<Schema>>(options.initialValues ?? {});

  const setValue = (name: FieldName<Schema>, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const errorOf = (field: string): string | undefined => shown.fieldMessages[field] ?? fieldErrorText(i18n, shown.errors[field]);

  const steps: SubmitSteps = {
    show: (next) => flushSync(() => setShown(next)),
    focus: (failure) => focusFailure(formRef.current, failure),
    setPending,
    read: (read) => flushSync(read),
  };

  return {
    /** The form's `onSubmit`, with the values as typed. */
    submit(event: FormEvent<HTMLFormElement>, values: FormValues<Schema>): void {
      event.preventDefault();
      void runSubmit(values, options, steps);
    },
    /** Shows a refusal that came another way (a queued action's answer) and moves focus. */
    show(failure: FormFailure): void {
      steps.show(shownOf(failure));
      steps.focus(failure);
    },
    /** Changes the field errors (a field checked as it changes). */
    setErrors(update: (current: FieldErrors) => FieldErrors): void {
      setShown((current) => ({ ...current, errors: update(current.errors) }));
    },
    clear: () => setShown(nothingShown),
    /**
     * Starts loading a schema given by a loader (the form's `onFocus`), so that a submit finds it
     * there; a failure here is the submit's to show.
     */
    prepare: (): void => {
      if (typeof options.schema === 'function') options.schema().catch(() => undefined);
    },
    errors: shown.errors,
    message: shown.message,
    pending,
    /** The text under a field: the server's words, else its error key's text. */
    errorOf,
    /** The values of the bound fields, as typed. */
    values,
    setValue,
    /** Replaces every bound value (a form emptied after it was sent), or changes them from the current ones (a late prefill). */
    setValues,
    /** A field's value, change handler and error text, to spread into a `TextField`, a select or a text area. */
    field<Name extends FieldName<Schema>>(name: Name): BoundField<Name> {
      return {
        name,
        value: values[name] ?? '',
        onChange: (event) => setValue(name, event.currentTarget.value),
        error: errorOf(name),
      };
    },
    /**
     * `aria-invalid` and `aria-describedby` of a control that renders its own error text under
     * `<id>-error`; `describedBy` are the ids of what else describes it (a hint), always read.
     */
    invalid(name: string, id: string, ...describedBy: string[]): InvalidState {
      const invalid = Boolean(errorOf(name));
      const ids = [...describedBy, ...(invalid ? [`${id}-error`] : [])];
      return { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined };
    },
  };
}
