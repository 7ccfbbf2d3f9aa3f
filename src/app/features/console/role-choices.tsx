import { operatorRoles, type OperatorRole } from '#domain/schemas/operators';
import { useRoleNames } from './role-names';

/** The roles as check boxes: the invite form, a token's form and the change of an operator's roles. */
export function RoleChoices({
  legend,
  idPrefix,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  idPrefix: string;
  chosen: OperatorRole[];
  onChange: (roles: OperatorRole[]) => void;
  error: string | undefined;
}) {
  const roleNames = useRoleNames();
  return (
    <fieldset className="ops-checks" aria-invalid={error ? true : undefined} aria-describedby={error ? `${idPrefix}-error` : undefined}>
      <legend>{legend}</legend>
      {operatorRoles.map((role, index) => (
        <label key={role}>
          <input
            type="checkbox"
            name="roles"
            value={role}
            // The first box is where focus goes when no role is chosen.
            aria-invalid={index === 0 && error ? true : undefined}
            checked={chosen.includes(role)}
            onChange={(event) => onChange(event.currentTarget.checked ? [...chosen, role] : chosen.filter((entry) => entry !== role))}
          />
          {roleNames[role]}
        </label>
      ))}
      {error ? (
        <p id={`${idPrefix}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
