import { describe, expect, it } from 'vitest';
import { changePasswordBody, resetPasswordRequestBody } from '#domain/schemas/account';
import { ApiError } from '../lib/api';
import { focusFailure, nothingShown, runSubmit, type FormFailure, type FormShown, type SubmitSteps } from './use-form-submit';

/** Records what a submission shows, focuses and flags, in order. */
function recorder() {
  const events: string[] = [];
  const shown: FormShown[] = [];
  const focused: FormFailure[] = [];
  const steps: SubmitSteps = {
    show: (next) => {
      events.push('show');
      shown.push(next);
    },
    focus: (failure) => {
      events.push('focus');
      focused.push(failure);
    },
    setPending: (pending) => events.push(pending ? 'pending' : 'done'),
    read: (read) => {
      events.push('read');
      return read();
    },
  };
  return { events, shown, focused, steps, last: () => shown.at(-1) };
}

describe('runSubmit', () => {
  it('shows the schema’s error keys and focuses, without running the action, when the values are invalid', async () => {
    const record = recorder();
    let ran = false;
    const ok = await runSubmit(
      { current_password: '', password: 'long enough', password_confirmation: 'not the same' },
      { schema: changePasswordBody, action: () => void (ran = true) },
      record.steps,
    );
    expect(ok).toBe(false);
    expect(ran).toBe(false);
    expect(record.last()?.errors).toEqual({ current_password: 'enterValidPsw', password_confirmation: 'passwordsDoNotMatch' });
    expect(record.events).toEqual(['show', 'focus']);
  });

  it('clears what was shown, runs the action with the parsed values, then calls onSuccess with its result', async () => {
    const record = recorder();
    const received: unknown[] = [];
    const ok = await runSubmit(
      { email: '  Ana@Example.com ' },
      {
        schema: resetPasswordRequestBody,
        action: async (data) => {
          received.push(data);
          return 'sent';
        },
        onSuccess: (result, data) => received.push(result, data.email),
      },
      record.steps,
    );
    expect(ok).toBe(true);
    expect(record.shown).toEqual([nothingShown]);
    expect(record.events).toEqual(['show', 'pending', 'done']);
    const parsed = resetPasswordRequestBody.parse({ email: '  Ana@Example.com ' });
    expect(received).toEqual([parsed, 'sent', parsed.email]);
  });

  it('shows the field errors of an API refusal and focuses', async () => {
    const record = recorder();
    const ok = await runSubmit(
      { email: 'ana@example.com' },
      {
        schema: resetPasswordRequestBody,
        action: () => Promise.reject(new ApiError(400, 'VALIDATION_FAILED', 'Invalid', { email: 'emailInputError' })),
        onSuccess: () => {
          throw new Error('not a success');
        },
      },
      record.steps,
    );
    expect(ok).toBe(false);
    expect(record.last()).toEqual({ errors: { email: 'emailInputError' }, fieldMessages: {}, message: undefined });
    expect(record.events).toEqual(['show', 'pending', 'done', 'read', 'show', 'focus']);
  });

  it('shows and focuses nothing for a refusal without fields (the form tells it otherwise)', async () => {
    const record = recorder();
    await runSubmit(
      { email: 'ana@example.com' },
      { schema: resetPasswordRequestBody, action: () => Promise.reject(new ApiError(0, 'NETWORK', '')) },
      record.steps,
    );
    expect(record.shown).toEqual([nothingShown]);
    expect(record.focused).toEqual([]);
  });

  it('shows what the form reads from a refusal: the server’s words under a field and a message', async () => {
    const record = recorder();
    const refusal = new ApiError(409, 'EMAIL_TAKEN', 'Email has already been taken');
    await runSubmit(
      { email: 'ana@example.com' },
      {
        schema: resetPasswordRequestBody,
        action: () => Promise.reject(refusal),
        onFailure: (error) => (error === refusal ? { fieldMessages: { email: refusal.message }, message: 'Check the form' } : undefined),
      },
      record.steps,
    );
    expect(record.last()).toEqual({ errors: {}, fieldMessages: { email: 'Email has already been taken' }, message: 'Check the form' });
    expect(record.focused).toHaveLength(1);
  });

  it('checks the values with a schema given by its loader as with the schema itself', async () => {
    const record = recorder();
    let ran = false;
    const ok = await runSubmit(
      { email: '' },
      { schema: () => Promise.resolve(resetPasswordRequestBody), action: () => void (ran = true) },
      record.steps,
    );
    expect(ok).toBe(false);
    expect(ran).toBe(false);
    expect(record.last()?.errors).toEqual({ email: 'enterValidEmail' });
    expect(record.events).toEqual(['show', 'focus']);
  });

  it('shows a schema that could not be loaded as a failed call, without running the action', async () => {
    const record = recorder();
    let ran = false;
    const offline = new TypeError('Failed to fetch dynamically imported module');
    const ok = await runSubmit(
      { email: 'ana@example.com' },
      {
        schema: () => Promise.reject(offline),
        action: () => void (ran = true),
        onFailure: (error) => (error === offline ? { message: 'Check your connection' } : undefined),
      },
      record.steps,
    );
    expect(ok).toBe(false);
    expect(ran).toBe(false);
    expect(record.last()).toEqual({ errors: {}, fieldMessages: {}, message: 'Check your connection' });
    expect(record.events).toEqual(['read', 'show', 'focus']);
  });
});

describe('focusFailure', () => {
  function fakeForm(fields: { selector: string; onFocus: () => void }[]) {
    return {
      querySelector: (selector: string) => {
        const field = fields.find((candidate) => candidate.selector === selector);
        return field ? ({ focus: field.onFocus } as HTMLElement) : null;
      },
    } as Pick<HTMLFormElement, 'querySelector'>;
  }

  it('focuses the first field marked invalid', () => {
    const focused: string[] = [];
    focusFailure(fakeForm([{ selector: '[aria-invalid="true"]', onFocus: () => focused.push('email') }]), {
      fields: { email: 'required' },
    });
    expect(focused).toEqual(['email']);
  });

  it('focuses where the failure says instead', () => {
    const focused: string[] = [];
    const form = fakeForm([{ selector: '[aria-invalid="true"]', onFocus: () => focused.push('field') }]);
    focusFailure(form, { focus: () => focused.push('notice') });
    expect(focused).toEqual(['notice']);
  });
});
