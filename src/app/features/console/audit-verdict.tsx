import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';
import type { AuditProblem, AuditVerdict } from '#domain/schemas/operators';
import { formatDateTime } from '../../lib/format';

/** One finding of the check, in the operator's words (docs/operators.md, The audit trail's anchor). */
function ProblemText({ problem }: { problem: AuditProblem }) {
  const { t, i18n } = useLingui();
  const when = (at: string) => formatDateTime(at, i18n.locale);
  switch (problem.kind) {
    case 'missing': {
      const { after } = problem;
      const named = problem.checkpoint.seq;
      const at = when(problem.checkpoint.at);
      return <>{t`Entries after entry ${after} are missing: the checkpoint of ${at} names entry ${named}.`}</>;
    }
    case 'changed': {
      const { from, seq } = problem;
      if (!problem.checkpoint) return <>{t`Entry ${seq} was changed after it was written: its contents no longer give its digest.`}</>;
      const at = when(problem.checkpoint.at);
      return from === seq ? (
        <>{t`Entry ${seq} changed since the checkpoint of ${at}.`}</>
      ) : (
        <>{t`An entry from ${from} to ${seq} changed since the checkpoint of ${at}.`}</>
      );
    }
    case 'unlinked': {
      const { seq } = problem;
      return <>{t`Entry ${seq} does not follow the entry before it: an entry was removed or put in.`}</>;
    }
    case 'bad_checkpoint': {
      const { ref } = problem;
      if (problem.reason === 'unreadable') return <>{t`Checkpoint ${ref} cannot be read: it was altered.`}</>;
      if (problem.reason === 'other_key')
        return <>{t`Checkpoint ${ref} is signed with another key than this server’s: it was not used.`}</>;
      return <>{t`Checkpoint ${ref} does not carry this server’s signature: it was altered or forged, and was not used.`}</>;
    }
  }
}

/**
 * The answer of a check: intact, or every way the trail differs from its signed checkpoints. It
 * takes the focus when it appears (the button is disabled meanwhile), through `focusRef`.
 */
export function AuditVerdictReport({ verdict, focusRef }: { verdict: AuditVerdict; focusRef?: Ref<HTMLDivElement> }) {
  const { t, i18n } = useLingui();
  const written = verdict.checkpoint_written;
  const writtenAt = written ? formatDateTime(written.at, i18n.locale) : '';
  const writtenSeq = written?.seq ?? 0;
  const anchor = written ? (
    <p data-testid="ops-audit-anchor">
      {verdict.checkpoints === 0
        ? t`No signed checkpoint before this check. A first one now holds entry ${writtenSeq} (${writtenAt}).`
        : plural(verdict.checkpoints, {
            one: `Checked against # signed checkpoint kept outside the database. A new one now holds entry ${writtenSeq} (${writtenAt}).`,
            other: `Checked against # signed checkpoints kept outside the database. A new one now holds entry ${writtenSeq} (${writtenAt}).`,
          })}
    </p>
  ) : null;
  if (verdict.ok) {
    // The sentence alone is announced and focused; what was anchored follows it.
    return (
      <>
        <div ref={focusRef} tabIndex={-1} role="status" className="notice" data-testid="ops-audit-verdict">
          {plural(verdict.entries, {
            one: 'Intact: # entry, each one linked to the one before.',
            other: 'Intact: # entries, each one linked to the one before.',
          })}
        </div>
        {anchor}
      </>
    );
  }
  return (
    <div ref={focusRef} tabIndex={-1} role="alert" className="notice notice--error" data-testid="ops-audit-verdict">
      <p className="notice__title">{t`The trail is not what its signed checkpoints hold. Tell an administrator now.`}</p>
      <ul>
        {verdict.problems.map((problem, index) => (
          <li key={index}>
            <ProblemText problem={problem} />
          </li>
        ))}
      </ul>
      {anchor}
    </div>
  );
}
