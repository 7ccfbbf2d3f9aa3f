import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import type { CountryCode } from '../../../domain/markets';
import type { PaymentMethod } from '../../../domain/payment-methods';
import { bankAccountSchemas, linePaySchema, paypalSchema } from '../../../domain/schemas/payments';
import { isApiError } from '../../lib/api';
import { fieldErrorsOf, fieldErrorText, focusFirstError, type FieldErrors } from '../../ui/field-errors';
import { notify } from '../../ui/notifications';
import { TextField } from '../../ui/text-field';
import { useSavePaymentMethod } from './api/save-payment-method';

interface FieldSpec {
  name: string;
  label: string;
  options?: { value: string; label: string }[];
  inputMode?: 'numeric' | 'email' | 'text';
  autoComplete?: string;
  hint?: string;
}

/** The fields of each form, in the order a person fills them (spec §3 "Form fields"). */
function useFieldSpecs(countryCode: CountryCode, method: PaymentMethod): FieldSpec[] {
  const { t } = useLingui();
  if (method === 'PAYPAL') return [{ name: 'email', label: t`PayPal email`, inputMode: 'email', autoComplete: 'email' }];
  if (method === 'LINE') return [{ name: 'referenceNo', label: t`LINE Pay number`, inputMode: 'numeric', hint: t`11 digits` }];
  const name: FieldSpec = { name: 'name', label: t`Name`, autoComplete: 'name' };
  const address: FieldSpec = { name: 'address', label: t`Address`, autoComplete: 'street-address' };
  const accountNumber = (hint: string): FieldSpec => ({ name: 'account_number', label: t`Account number`, inputMode: 'numeric', hint });
  switch (countryCode) {
    case 'us':
      return [
        { name: 'routing_number', label: t`ACH routing number`, inputMode: 'numeric', hint: t`9 digits` },
        accountNumber(t`6 to 17 digits`),
        {
          name: 'account_type',
          label: t`Account type`,
          options: [
            { value: 'checking', label: t`Checking` },
            { value: 'savings', label: t`Savings` },
          ],
        },
        name,
        address,
        { name: 'city', label: t`City`, autoComplete: 'address-level2' },
        { name: 'state', label: t`State`, autoComplete: 'address-level1' },
        { name: 'zip_code', label: t`Zip code`, autoComplete: 'postal-code' },
      ];
    case 'ca':
      return [
        { name: 'transit_number', label: t`Transit number`, inputMode: 'numeric', hint: t`5 digits` },
        { name: 'institution_number', label: t`Institution number`, inputMode: 'numeric', hint: t`3 digits` },
        accountNumber(t`7 to 12 digits`),
        name,
        address,
      ];
    case 'uk':
      return [
        { name: 'sort_code', label: t`Sort code`, inputMode: 'numeric', hint: t`6 digits` },
        accountNumber(t`8 digits`),
        name,
        address,
        { name: 'post_code', label: t`Post code`, autoComplete: 'postal-code' },
      ];
    case 'fr':
      return [{ name: 'iban', label: t`IBAN`, hint: t`14 to 34 characters, e.g. FR76 3000 6000 0112 3456 7890 189` }, name, address];
    case 'jp':
      return [
        { name: 'bank_code', label: t`Bank code`, inputMode: 'numeric', hint: t`4 digits` },
        { name: 'branch_code', label: t`Branch code`, inputMode: 'numeric', hint: t`3 digits` },
        {
          name: 'account_type',
          label: t`Account type`,
          options: [
            { value: 'ordinary', label: t`Ordinary` },
            { value: 'current', label: t`Current` },
          ],
        },
        accountNumber(t`7 digits`),
        { name: 'account_name', label: t`Account name`, hint: t`As registered with your bank` },
      ];
  }
}

function schemaOf(countryCode: CountryCode, method: PaymentMethod) {
  if (method === 'PAYPAL') return paypalSchema;
  if (method === 'LINE') return linePaySchema;
  return bankAccountSchemas[countryCode];
}

/** Adds or replaces one payment method; checked on the phone with the server's own rules, then sent. */
export function PaymentMethodForm({ countryCode, method, onSaved }: { countryCode: CountryCode; method: PaymentMethod; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const specs = useFieldSpecs(countryCode, method);
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(specs.map((spec) => [spec.name, ''])));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  // Asked for by the server when the sign-in is more than a few minutes old (a token alone cannot move money).
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordMessage, setPasswordMessage] = useState<string>();
  const save = useSavePaymentMethod();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = schemaOf(countryCode, method).safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setErrors({});
    setPasswordMessage(undefined);
    save.mutate(
      { method, fields: askPassword ? { ...values, current_password: password } : values },
      {
        onSuccess: () => {
          notify({ kind: 'success', title: t`Success`, description: t`Bank data added` });
          onSaved();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields.current_password) {
            // Rendered at once, so the field exists to take the focus.
            flushSync(() => {
              setAskPassword(true);
              setPasswordMessage(error.message || t`Please enter your password to change where your money is paid`);
            });
            formRef.current?.querySelector<HTMLInputElement>('input[name="current_password"]')?.focus();
          } else if (isApiError(error) && Object.keys(error.fields).length > 0) {
            setErrors(error.fields);
            requestAnimationFrame(() => focusFirstError(formRef.current));
          } else {
            setFormError(isApiError(error) && error.message ? error.message : t`Something went wrong`);
          }
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="payment-form" data-testid={`payment-form-${method}`}>
      {countryCode === 'jp' && method === 'TRANSFERWISE' ? (
        <p className="payment-form__note">{t`A fee of 249 yen applies to withdrawals below 8,800 yen.`}</p>
      ) : null}
      {specs.map((spec) => {
        const id = `${idPrefix}-${spec.name}`;
        const error = fieldErrorText(i18n, errors[spec.name]);
        const onChange = (value: string) => setValues((current) => ({ ...current, [spec.name]: value }));
        if (spec.options) {
          return (
            <div className="field" key={spec.name}>
              <label htmlFor={id}>{spec.label}</label>
              <select
                id={id}
                value={values[spec.name] ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => onChange(event.currentTarget.value)}
              >
                <option value="">{t`Choose…`}</option>
                {spec.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              {error ? (
                <p id={`${id}-error`} className="field__error">
                  {error}
                </p>
              ) : null}
            </div>
          );
        }
        return (
          <TextField
            key={spec.name}
            id={id}
            label={spec.label}
            hint={spec.hint}
            error={error}
            value={values[spec.name] ?? ''}
            inputMode={spec.inputMode}
            type={spec.inputMode === 'email' ? 'email' : 'text'}
            autoComplete={spec.autoComplete ?? 'off'}
            spellCheck={false}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        );
      })}
      {askPassword ? (
        <TextField
          id={`${idPrefix}-current_password`}
          name="current_password"
          label={t`Your Roundtrip password`}
          hint={t`Needed to change where your money is paid, unless you signed in a few minutes ago.`}
          error={passwordMessage}
          value={password}
          type="password"
          autoComplete="current-password"
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
      ) : null}
      {formError ? (
        <p role="alert" className="field__error">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={save.isPending}>
        {t`Save`}
      </button>
    </form>
  );
}
