import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { automationTokenBody, operatorInviteBody, type Operator, type OperatorRole } from '#domain/schemas/operators';
import { languageOf, languages, type Language } from '#domain/locales';
import { failureMessage } from '../../lib/api';
import { currentLocale } from '../../lib/i18n';
import { languageNames } from './operator-language';
import { formatLongDate } from '../../lib/format';
import { Dialog } from '../../ui/dialog';
import { notify } from '../../ui/notifications';
import { QueryView } from '../../ui/query-view';
import { TextField } from '../../ui/text-field';
import { apiFieldFailure, useFormSubmit } from '../../ui/use-form-submit';
import { useCreateToken, type CreatedToken } from './api/create-token';
import { useInviteOperator } from './api/invite-operator';
import { useOperators } from './api/operators';
import { useRevokeToken } from './api/revoke-token';
import { useTokens } from './api/tokens';
import { BreakableEmail } from './breakable-email';
import { OperatorAccessActions } from './operator-access-actions';
import { OperatorArea } from './operator-area';
import { OperatorTeamActions } from './operator-team-actions';
import { PagedList } from './paged-list';
import { RoleChoices } from './role-choices';
import { useRoleNames } from './role-names';

export function OperatorsScreen() {
  const { t } = useLingui();
  return (
    <OperatorArea needs="admin" title={t`Operators`} description={t`Operators and automation tokens.`}>
      <OperatorList />
      <InviteForm />
      <Tokens />
    </OperatorArea>
  );
}

function OperatorList() {
  const { t } = useLingui();
  const operators = useOperators();
  const roleNames = useRoleNames();
  const statusNames: Record<Operator['status'], string> = { INVITED: t`Invited`, ACTIVE: t`Active`, DISABLED: t`Disabled` };
  return (
    <section aria-labelledby="ops-operators-list" className="ops-section">
      <h2 id="ops-operators-list">{t`People`}</h2>
      <PagedList query={operators} errorText={t`The operators could not be loaded.`}>
        {(list) => (
          <ul className="ops-cards">
            {list.map((operator) => (
              <li key={operator.id} className="ops-card">
                <h3>{operator.name}</h3>
                <p>
                  <BreakableEmail email={operator.email} /> · {statusNames[operator.status]}
                </p>
                <p>{operator.roles.map((role) => roleNames[role]).join(', ')}</p>
                <OperatorTeamActions operator={operator} />
                {operator.status === 'DISABLED' ? null : <OperatorAccessActions operator={operator} />}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

function InviteForm() {
  const { t } = useLingui();
  const invite = useInviteOperator();
  const [roles, setRoles] = useState<OperatorRole[]>([]);
  const [language, setLanguage] = useState<Language>(() => languageOf(currentLocale()));
  const [sent, setSent] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormSubmit(formRef, {
    schema: operatorInviteBody,
    initialValues: { email: '', name: '' },
    action: (data) => {
      setSent(undefined);
      return invite.mutateAsync(data);
    },
    onSuccess: (operator) => {
      setSent(operator.email);
      form.setValues({ email: '', name: '' });
      setRoles([]);
    },
    onFailure: (error) => apiFieldFailure(error) ?? { message: failureMessage(error, t`The invitation could not be sent.`) },
  });
  return (
    <section aria-labelledby="ops-invite" className="ops-section">
      <h2 id="ops-invite">{t`Invite an operator`}</h2>
      {/* In the page rather than a notification: it stays, and covers nothing on a small screen. */}
      <div role="status">
        {sent ? (
          <p className="notice">
            <span className="notice__title">{t`Invitation sent`}</span> <BreakableEmail email={sent} /> {t`has 48 hours to accept it.`}
          </p>
        ) : null}
      </div>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, { ...form.values, roles, language })}>
        {form.message ? (
          <p role="alert" className="field__error">
            {form.message}
          </p>
        ) : null}
        <TextField id="ops-invite-email" label={t`Email`} type="email" {...form.field('email')} />
        <TextField id="ops-invite-name" label={t`Name`} {...form.field('name')} />
        <RoleChoices legend={t`Roles`} idPrefix="ops-invite-roles" chosen={roles} onChange={setRoles} error={form.errorOf('roles')} />
        <div className="field">
          <label htmlFor="ops-invite-language">{t`Their language`}</label>
          <select
            id="ops-invite-language"
            name="language"
            value={language}
            aria-describedby="ops-invite-language-hint"
            onChange={(event) => setLanguage(languages.find((entry) => entry === event.currentTarget.value) ?? language)}
          >
            {languages.map((entry) => (
              <option key={entry} value={entry} lang={entry}>
                {languageNames[entry]}
              </option>
            ))}
          </select>
          <p id="ops-invite-language-hint" className="field__hint">
            {t`Their invitation, their mails and their console are in this language.`}
          </p>
        </div>
        <button type="submit" className="button" disabled={form.pending}>
          {t`Send the invitation`}
        </button>
      </form>
    </section>
  );
}

function Tokens() {
  const { t, i18n } = useLingui();
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const roleNames = useRoleNames();
  const [roles, setRoles] = useState<OperatorRole[]>([]);
  const [mayApprove, setMayApprove] = useState(false);
  const [created, setCreated] = useState<CreatedToken>();
  const [revoking, setRevoking] = useState<{ id: string; name: string }>();
  const revokingName = revoking?.name ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);
  // The secret takes the focus when it shows: it is there this once, to be copied.
  useEffect(() => {
    if (created) secretRef.current?.select();
  }, [created]);
  const form = useFormSubmit(formRef, {
    schema: automationTokenBody,
    initialValues: { name: '' },
    action: (data) => create.mutateAsync(data),
    onSuccess: (token) => {
      setCreated(token);
      form.setValues({ name: '' });
      setRoles([]);
      setMayApprove(false);
    },
    onFailure: (error) => apiFieldFailure(error) ?? { message: failureMessage(error, t`The token could not be made.`) },
  });
  return (
    <section aria-labelledby="ops-tokens" className="ops-section">
      <h2 id="ops-tokens">{t`Automation tokens`}</h2>
      <QueryView query={tokens} errorText={t`The tokens could not be loaded.`}>
        {(list) =>
          list.length === 0 ? (
            <p>{t`No automation token.`}</p>
          ) : (
            <ul className="ops-cards">
              {list.map((token) => (
                <li key={token.id} className="ops-card">
                  <h3>{token.name}</h3>
                  <p>{token.roles.map((role) => roleNames[role]).join(', ')}</p>
                  {token.may_approve ? <p>{t`May approve another person's request`}</p> : null}
                  <p>
                    {token.revoked_at
                      ? t`Revoked on ${formatLongDate(token.revoked_at, i18n.locale)}`
                      : t`Made by ${token.created_by} on ${formatLongDate(token.created_at, i18n.locale)}`}
                  </p>
                  {token.revoked_at ? null : (
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={revoke.isPending}
                      aria-label={t`Revoke ${token.name}`}
                      onClick={() => setRevoking({ id: token.id, name: token.name })}
                    >
                      {t`Revoke`}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <Dialog open={revoking !== undefined} title={t`Revoke ${revokingName}?`} onClose={() => setRevoking(undefined)}>
        <p>{t`Scripts that use this token are refused from their next call. A revoked token cannot be used again.`}</p>
        <div className="dialog__actions">
          <button
            type="button"
            className="button"
            data-autofocus
            disabled={revoke.isPending}
            onClick={() => {
              if (!revoking) return;
              revoke.mutate(revoking.id, {
                onSuccess: (token) => {
                  setRevoking(undefined);
                  // A revoked token's secret is never shown again, even where it was shown once.
                  setCreated((shown) => (shown?.id === token.id ? undefined : shown));
                },
                onError: (error) => {
                  setRevoking(undefined);
                  notify({
                    kind: 'error',
                    title: t`Not revoked`,
                    description: failureMessage(error, t`Check your connection and try again.`),
                  });
                },
              });
            }}
          >
            {t`Yes, revoke`}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setRevoking(undefined)}>
            {t`Cancel`}
          </button>
        </div>
      </Dialog>
      {created ? (
        <div className="notice" data-testid="ops-token-secret">
          {/* A read-only field: a secret this long cannot wrap, and the field scrolls and copies whole. */}
          <div className="field">
            <label htmlFor="ops-token-secret">{t`The secret of ${created.name}, shown this once:`}</label>
            <input id="ops-token-secret" ref={secretRef} readOnly value={created.secret} aria-describedby="ops-token-secret-hint" />
            <p id="ops-token-secret-hint" className="field__hint">
              {t`Copy it into the script's settings now: it cannot be shown again.`}
            </p>
          </div>
        </div>
      ) : null}
      <h3>{t`Make a token`}</h3>
      <form
        ref={formRef}
        className="form"
        noValidate
        onSubmit={(event) => form.submit(event, { ...form.values, roles, may_approve: mayApprove })}
      >
        {form.message ? (
          <p role="alert" className="field__error">
            {form.message}
          </p>
        ) : null}
        <TextField
          id="ops-token-name"
          label={t`Token name`}
          hint={t`Letters, digits, dots, dashes and underscores.`}
          {...form.field('name')}
        />
        <RoleChoices legend={t`Roles`} idPrefix="ops-token-roles" chosen={roles} onChange={setRoles} error={form.errorOf('roles')} />
        <div className="ops-checks">
          <label>
            <input
              type="checkbox"
              name="may_approve"
              checked={mayApprove}
              aria-describedby="ops-token-may-approve-hint"
              onChange={(event) => setMayApprove(event.currentTarget.checked)}
            />
            {t`May approve another person's request`}
          </label>
          <p id="ops-token-may-approve-hint" className="field__hint">
            {t`Only for a script that stands for a second person. The token counts as you: it never approves what you, or your tokens, asked for.`}
          </p>
        </div>
        <button type="submit" className="button" disabled={form.pending}>
          {t`Make the token`}
        </button>
      </form>
    </section>
  );
}
