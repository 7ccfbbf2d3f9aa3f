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
  const errorId = `${idPrefix}-error`;
  return (
    // The invalid state is on the boxes, not the fieldset: the form kit focuses the first element
    // marked invalid (focusFirstError), and a fieldset cannot take focus, so the error went unheard.
    <fieldset className="ops-checks">
      <legend>{legend}</legend>
      {operatorRoles.map((role) => (
        <label key={role}>
          <input
            type="checkbox"
            name="roles"
            value={role}
            // Every box says why, so a person moving on through the roles still hears the error.
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            checked={chosen.includes(role)}
            onChange={(event) => onChange(event.currentTarget.checked ? [...chosen, role] : chosen.filter((entry) => entry !== role))}
          />
          {roleNames[role]}
        </label>
      ))}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
