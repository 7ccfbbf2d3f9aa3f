import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { OperatorRole } from '#domain/schemas/operators';
import { Page } from '../../ui/page';
import { useOperatorMe } from './api/me';
import { useOperatorSession } from './use-operator-session';

/**
 * A console page for a role (or any of several): its content when the operator holds one, else a
 * page that says so (the server refuses the calls anyway: 403 OPERATOR_ROLE_REQUIRED).
 */
export function OperatorArea({
  needs,
  title,
  description,
  children,
}: {
  needs: OperatorRole | readonly OperatorRole[];
  title: string;
  description: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const session = useOperatorSession();
  const me = useOperatorMe(session?.token ?? '');
  if (!session) return null;
  const roles = me.data?.roles ?? session.operator.roles;
  const wanted: readonly OperatorRole[] = typeof needs === 'string' ? [needs] : needs;
  return (
    <Page title={title} description={description} className="ops-page">
      {wanted.some((role) => roles.includes(role)) ? (
        children
      ) : (
        <p role="alert">{t`Your roles do not include this area. Ask an admin if you need it.`}</p>
      )}
    </Page>
  );
}
