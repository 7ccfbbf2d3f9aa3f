import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Operator, OperatorRole } from '#domain/schemas/operators';
import { failureMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Dialog } from '../../ui/dialog';
import { focusFirstError } from '../../ui/field-errors';
import { notify } from '../../ui/notifications';
import { QueryView } from '../../ui/query-view';
import { useDisableOperator } from './api/disable-operator';
import { useEnableOperator } from './api/enable-operator';
import { useEndOperatorSessions } from './api/end-operator-sessions';
import { useOperatorSessions } from './api/operator-sessions';
import { useResendInvitation } from './api/resend-invitation';
import { useSetOperatorRoles } from './api/set-operator-roles';
import { RoleChoices } from './role-choices';

type Asking = 'disable' | 'roles' | 'sessions';

/**
 * What an admin does with one person of the team (docs/operators.md, The admin's day): change
 * their roles, see and end their sessions, send a new invitation, disable them after a
 * confirmation, enable them again. The server refuses what would leave no admin, or put the labels
 * and check-in roles together, and audits each change.
 */
export function OperatorTeamActions({ operator }: { operator: Operator }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState<Asking>();
  const enable = useEnableOperator();
  const resend = useResendInvitation();
  const name = operator.name;
  const failed = (title: string) => (error: unknown) =>
    notify({ kind: 'error', title, description: failureMessage(error, t`Check your connection and try again.`) });
  const close = () => setAsking(undefined);

  if (operator.status === 'DISABLED') {
    return (
      <div className="ops-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={enable.isPending}
          aria-label={t`Enable ${name}`}
          onClick={() =>
            enable.mutate(operator.id, {
              onSuccess: (enabled) =>
                notify({
                  kind: 'success',
                  title: t`${name} is enabled`,
                  description:
                    enabled.status === 'ACTIVE'
                      ? t`They log in with their own password and code.`
                      : t`They had not joined yet: send them a new invitation.`,
                }),
              onError: failed(t`Not enabled`),
            })
          }
        >
          {t`Enable`}
        </button>
      </div>
    );
  }

  return (
    <>
      <div className="ops-actions">
        <button
          type="button"
          className="button button--secondary"
          aria-label={t`Change the roles of ${name}`}
          onClick={() => setAsking('roles')}
        >
          {t`Change roles`}
        </button>
        {operator.status === 'INVITED' ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={resend.isPending}
            aria-label={t`Send ${name} a new invitation`}
            onClick={() =>
              resend.mutate(operator.id, {
                onSuccess: () =>
                  notify({
                    kind: 'success',
                    title: t`Invitation sent again`,
                    description: t`${name} has a new link by mail, good for 48 hours. The old link no longer works.`,
                  }),
                onError: failed(t`Invitation not sent`),
              })
            }
          >
            {t`Send a new invitation`}
          </button>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            aria-label={t`Sessions of ${name}`}
            onClick={() => setAsking('sessions')}
          >
            {t`Sessions`}
          </button>
        )}
        <button type="button" className="button button--secondary" aria-label={t`Disable ${name}`} onClick={() => setAsking('disable')}>
          {t`Disable`}
        </button>
      </div>
      <Dialog open={asking === 'roles'} title={t`Roles of ${name}`} onClose={close}>
        <RolesForm operator={operator} onDone={close} />
      </Dialog>
      <Dialog open={asking === 'sessions'} title={t`Sessions of ${name}`} onClose={close}>
        <SessionList operator={operator} />
      </Dialog>
      <Dialog open={asking === 'disable'} title={t`Disable ${name}?`} onClose={close}>
        <DisableConfirmation operator={operator} onDone={close} />
      </Dialog>
    </>
  );
}

function RolesForm({ operator, onDone }: { operator: Operator; onDone: () => void }) {
  const { t } = useLingui();
  const save = useSetOperatorRoles();
  const [roles, setRoles] = useState<OperatorRole[]>(operator.roles);
  const [error, setError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const name = operator.name;
  // As the form kit does: the error rendered first, then the focus on the first role, which reads it.
  const refuse = (message: string) => {
    flushSync(() => setError(message));
    focusFirstError(formRef.current);
  };
  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (roles.length === 0) {
          refuse(t`Choose at least one role.`);
          return;
        }
        setError(undefined);
        save.mutate(
          { id: operator.id, roles },
          {
            onSuccess: () => {
              notify({ kind: 'success', title: t`Roles saved`, description: t`${name} has the new roles from their next call.` });
              onDone();
            },
            onError: (failure) => refuse(failureMessage(failure, t`The roles could not be saved.`)),
          },
        );
      }}
    >
      <RoleChoices legend={t`Roles`} idPrefix={`ops-roles-${operator.id}`} chosen={roles} onChange={setRoles} error={error} />
      <div className="dialog__actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {t`Save the roles`}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t`Cancel`}
        </button>
      </div>
    </form>
  );
}

function SessionList({ operator }: { operator: Operator }) {
  const { t, i18n } = useLingui();
  const sessions = useOperatorSessions(operator.id, true);
  const end = useEndOperatorSessions();
  const name = operator.name;
  return (
    <QueryView query={sessions} errorText={t`The sessions could not be loaded.`}>
      {(list) =>
        list.length === 0 ? (
          <p>{t`${name} has no open session.`}</p>
        ) : (
          <>
            <ul className="ops-sessions">
              {list.map((session) => {
                const started = formatDateTime(session.started_at, i18n.locale);
                const lastUsed = formatDateTime(session.last_used_at, i18n.locale);
                return (
                  <li key={session.started_at + (session.address ?? '')}>
                    {t`Since ${started}, last used ${lastUsed}`}
                    {session.address ? ` · ${session.address}` : null}
                  </li>
                );
              })}
            </ul>
            <p>{t`Ending them logs ${name} out on every device at once; they may log in again.`}</p>
            <div className="dialog__actions">
              <button
                type="button"
                className="button"
                disabled={end.isPending}
                onClick={() =>
                  end.mutate(operator.id, {
                    onSuccess: ({ ended }) =>
                      notify({
                        kind: 'success',
                        title: t`Sessions of ${name}`,
                        description: plural(ended, { one: '# session ended.', other: '# sessions ended.' }),
                      }),
                    onError: (error) =>
                      notify({
                        kind: 'error',
                        title: t`Sessions not ended`,
                        description: failureMessage(error, t`Check your connection and try again.`),
                      }),
                  })
                }
              >
                {t`End every session`}
              </button>
            </div>
          </>
        )
      }
    </QueryView>
  );
}

function DisableConfirmation({ operator, onDone }: { operator: Operator; onDone: () => void }) {
  const { t } = useLingui();
  const disable = useDisableOperator();
  const name = operator.name;
  return (
    <>
      <p>{t`${name} is logged out at once and can no longer log in, until an admin enables them again.`}</p>
      <div className="dialog__actions">
        <button
          type="button"
          className="button"
          data-autofocus
          disabled={disable.isPending}
          onClick={() =>
            disable.mutate(operator.id, {
              onSuccess: onDone,
              onError: (error) => {
                onDone();
                notify({
                  kind: 'error',
                  title: t`Not disabled`,
                  description: failureMessage(error, t`Check your connection and try again.`),
                });
              },
            })
          }
        >
          {t`Yes, disable`}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t`Cancel`}
        </button>
      </div>
    </>
  );
}
