import { useLingui } from '@lingui/react/macro';
import type { OperatorRole } from '#domain/schemas/operators';

export function useRoleNames(): Record<OperatorRole, string> {
  const { t } = useLingui();
  return {
    'check-in': t`Check-in`,
    labels: t`Labels (issue codes)`,
    care: t`Customer care`,
    finance: t`Finance`,
    content: t`Page texts`,
    admin: t`Admin`,
  };
}
