import { useId, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CountryCode } from '#domain/markets';
import type { PaymentMethod } from '#domain/payment-methods';
import { bankAccountSchemas, destinationPasswordField, linePaySchema, paypalSchema } from '#domain/schemas/payments';
import type { PaymentMethods } from '#domain/schemas/payment-methods-answer';
import { z } from 'zod';
import { failureMessage, isApiError } from '../../lib/api';
import { passwordSignedInAt } from '../../lib/session';
import { passwordNeededForDestination } from '#domain/client-session';
import { useFormSubmit, type FieldName, type TypedValues } from '../../ui/use-form-submit';
import { notify } from '../../ui/notifications';
import { SelectField, TextField } from '../../ui/text-field';
import { useSavePaymentMethod } from './api/save-payment-method';

type PaymentField = FieldName<ReturnType<typeof fieldsSchemaOf>>;

interface FieldSpec {
  name: PaymentField;
  label: string;
  options?: { value: string; label: string }[];
  inputMode?: 'numeric' | 'email' | 'text';
  autoComplete?: string;
  hint?: ReactNode;
}

/** The bank account on file, as the server shows it back: masked number, name and bank codes. */
export type SavedBankAccount = NonNullable<PaymentMethods['transfer_wise_data']>;

/**
 * What an edit starts from: the holder's name and the bank's codes, which the server shows back in
 * full. The account number and the IBAN come back masked only, so those fields start empty.
 */
function savedValues(countryCode: CountryCode, saved: SavedBankAccount): Partial<Record<PaymentField, string>> {
  const [first = '', second = ''] = (saved.bank ?? '').split('-');
  switch (countryCode) {
    case 'us':
      return { name: saved.name, routing_number: saved.bank ?? '', account_type: saved.account_type ?? '' };
    case 'ca':
      return { name: saved.name, transit_number: first, institution_number: second };
    case 'uk':
      return { name: saved.name, sort_code: saved.bank ?? '' };
    case 'fr':
      return { name: saved.name };
    case 'jp':
      return { account_name: saved.name, bank_code: first, branch_code: second, account_type: saved.account_type ?? '' };
  }
}

/** The fields of each form, in the order a person fills them (docs/product.md, Bank forms). */
function useFieldSpecs(countryCode: CountryCode, method: PaymentMethod, saved: SavedBankAccount | undefined): FieldSpec[] {
  const { t } = useLingui();
  // The number on file is never sent back whole: the field says which one it was and that it must be typed again.
  const savedNumber = saved?.iban ?? saved?.account_number;
  const withSaved = (hint: string): ReactNode =>
    savedNumber ? (
      <>
        {hint}
        <br />
        <Trans>
          On file: <span className="payment-form__masked">{savedNumber}</span>. The full number is never shown: please type it again.
        </Trans>
      </>
    ) : (
      hint
    );
  if (method === 'PAYPAL') return [{ name: 'email', label: t`PayPal email`, inputMode: 'email', autoComplete: 'email' }];
  if (method === 'LINE')
    return [
      { name: 'referenceNo', label: t`LINE Pay number`, inputMode: 'numeric', hint: t`11 digits` },
      {
        name: 'phoneLast4',
        label: t`Last 4 digits of your phone number`,
        inputMode: 'numeric',
        hint: t`The phone number registered with LINE Pay`,
        autoComplete: 'off',
      },
    ];
  const name: FieldSpec = { name: 'name', label: t`Name`, autoComplete: 'name' };
  const address: FieldSpec = { name: 'address', label: t`Address`, autoComplete: 'street-address' };
  const accountNumber = (hint: string): FieldSpec => ({
    name: 'account_number',
    label: t`Account number`,
    inputMode: 'numeric',
    hint: withSaved(hint),
  });
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
        { name: 'zip_code', label: t`Zip code`, autoComplete: 'postal-code', inputMode: 'numeric' },
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
      return [
        { name: 'iban', label: t`IBAN`, hint: withSaved(t`14 to 34 characters, e.g. FR76 3000 6000 0112 3456 7890 189`) },
        name,
        address,
      ];
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
        {
          name: 'account_name',
          label: t`Account name`,
          hint: t`In katakana, as your bank shows it (e.g. ヤマダ ハナコ). Hiragana is turned into katakana.`,
        },
      ];
  }
}

function fieldsSchemaOf(countryCode: CountryCode, method: PaymentMethod) {
  if (method === 'PAYPAL') return paypalSchema;
  if (method === 'LINE') return linePaySchema;
  return bankAccountSchemas[countryCode];
}

/** The method's fields, and the password among them when it is asked for. */
function schemaOf(countryCode: CountryCode, method: PaymentMethod, askPassword: boolean) {
  const fields = fieldsSchemaOf(countryCode, method);
  return askPassword ? z.strictObject({ ...fields.shape, ...destinationPasswordField }) : fields;
}

/** Adds or replaces one payment method; checked on the phone with the server's own rules, then sent. */
export function PaymentMethodForm({
  countryCode,
  method,
  saved,
  onSaved,
}: {
  countryCode: CountryCode;
  method: PaymentMethod;
  /** The bank account on file, when this form edits it. */
  saved?: SavedBankAccount | undefined;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const bankOnFile = method === 'TRANSFERWISE' ? saved : undefined;
  const specs = useFieldSpecs(countryCode, method, bankOnFile);
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // A sign-in more than a few minutes old needs the password to change where money goes (a token
  // alone cannot move money): asked for in the form from the start, and whenever the server asks.
  const [askPassword, setAskPassword] = useState(() => passwordNeededForDestination(passwordSignedInAt(), Date.now()));
  const save = useSavePaymentMethod();

  const form = useFormSubmit(formRef, {
    schema: schemaOf(countryCode, method, askPassword),
    initialValues: () => {
      const start = bankOnFile ? savedValues(countryCode, bankOnFile) : {};
      const values: TypedValues<ReturnType<typeof schemaOf>> = {};
      for (const spec of specs) values[spec.name] = start[spec.name] ?? '';
      return values;
    },
    // The fields go as typed: the server checks them with the same rules. (The return type is
    // written out: the action reads the form's own values, which TypeScript cannot infer in a cycle.)
    action: (): ReturnType<typeof save.mutateAsync> => {
      const { current_password: password, ...fields } = form.values;
      return save.mutateAsync({ method, fields: password ? { ...fields, current_password: password } : fields });
    },
    onSuccess: () => {
      notify({ kind: 'success', title: t`Success`, description: t`Bank data added` });
      onSaved();
    },
    onFailure: (error) => {
      if (isApiError(error) && error.fields.current_password) {
        setAskPassword(true);
        return { fieldMessages: { current_password: error.message || t`Please enter your password to change where your money is paid` } };
      }
      if (isApiError(error) && Object.keys(error.fields).length > 0) return { fields: error.fields };
      return { message: failureMessage(error, t`Something went wrong`) };
    },
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => form.submit(event, form.values)}
      className="payment-form"
      data-testid={`payment-form-${method}`}
    >
      {/* The fee applies to every way of being paid in Japan: said wherever the method is chosen. */}
      {countryCode === 'jp' ? <p className="payment-form__note">{t`A fee of 249 yen applies to withdrawals below 8,800 yen.`}</p> : null}
      {specs.map((spec) => {
        const id = `${idPrefix}-${spec.name}`;
        const bound = form.field(spec.name);
        if (spec.options) {
          return (
            <SelectField key={spec.name} id={id} label={spec.label} hint={spec.hint} {...bound}>
              <option value="">{t`Choose…`}</option>
              {spec.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </SelectField>
          );
        }
        return (
          <TextField
            key={spec.name}
            id={id}
            label={spec.label}
            hint={spec.hint}
            {...bound}
            inputMode={spec.inputMode}
            type={spec.inputMode === 'email' ? 'email' : 'text'}
            autoComplete={spec.autoComplete ?? 'off'}
            spellCheck={false}
          />
        );
      })}
      {askPassword ? (
        <TextField
          id={`${idPrefix}-current_password`}
          label={t`Your Roundtrip password`}
          hint={t`Needed to change where your money is paid, unless you logged in a few minutes ago.`}
          type="password"
          autoComplete="current-password"
          {...form.field('current_password')}
        />
      ) : null}
      {form.message ? (
        <p role="alert" className="field__error">
          {form.message}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={form.pending}>
        {t`Save`}
      </button>
    </form>
  );
}
