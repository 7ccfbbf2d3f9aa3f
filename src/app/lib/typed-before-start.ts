/**
 * What a person typed into a prerendered page before the app took it over. On a slow phone the
 * login and sign-up forms are on screen seconds before the app's code is: the app's render then
 * puts its own, empty, fields in their place, or hydrates fields whose React state never saw the
 * typing. So the typing is read before the takeover and typed again into the app's fields after it,
 * through the events React listens to, and a form the person sent meanwhile (held back by the
 * page's inline script, shell/before-app.js, so that it never goes out as a plain GET with the
 * password in the address) is sent by the app.
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Typed {
  form: number;
  control: number;
  /** The control's kind, so that a different page's control at the same place is left alone. */
  kind: string;
  value: string;
  checked: boolean;
}

/** The attribute the inline script sets to the index of a form sent before the app ran. */
export const submitWaitingAttribute = 'data-submit-waiting';

const formsOf = (root: ParentNode): Control[][] =>
  [...root.querySelectorAll('form')].map((form) => [...form.querySelectorAll<Control>('input, textarea, select')]);

const kindOf = (control: Control) =>
  [control.tagName, control.getAttribute('type'), control.getAttribute('name'), control.getAttribute('autocomplete')].join('|');

const isToggle = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');

function changedByPerson(control: Control): boolean {
  if (control instanceof HTMLInputElement && (control.type === 'file' || control.type === 'hidden')) return false;
  if (isToggle(control)) return control.checked !== control.defaultChecked;
  if (control instanceof HTMLSelectElement) return [...control.options].some((option) => option.selected !== option.defaultSelected);
  return control.value !== control.defaultValue;
}

/** A form was sent before the app ran, and waits for the app to send it. */
export const hasWaitingSubmit = (): boolean => document.documentElement.hasAttribute(submitWaitingAttribute);

/** Reads what was typed into the page's forms; call before the app renders over them. */
export function readTypedInput(root: ParentNode): Typed[] {
  return formsOf(root).flatMap((controls, form) =>
    controls.flatMap((control, index) =>
      changedByPerson(control)
        ? [{ form, control: index, kind: kindOf(control), value: control.value, checked: isToggle(control) && control.checked }]
        : [],
    ),
  );
}

/** Sets a field as typing does: React's value tracker is told the old value, so the input event is a change to it. */
function typeInto(control: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  control.value = '';
  // The element's own setter, not the tracker React puts on the element: React still holds ''.
  Reflect.set(control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype, 'value', value, control);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Puts the typing back into the app's fields, then sends a form that was sent before the app ran. */
export function restoreTypedInput(root: ParentNode, typed: readonly Typed[]): void {
  const forms = formsOf(root);
  for (const entry of typed) {
    const control = forms[entry.form]?.[entry.control];
    if (!control || kindOf(control) !== entry.kind) continue;
    if (isToggle(control)) {
      control.checked = !entry.checked;
      control.click();
    } else if (control instanceof HTMLSelectElement) {
      control.value = entry.value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      typeInto(control, entry.value);
    }
  }
  const html = document.documentElement;
  const waiting = html.getAttribute(submitWaitingAttribute);
  html.removeAttribute(submitWaitingAttribute);
  const form = waiting === null ? undefined : root.querySelectorAll('form')[Number(waiting)];
  // After React has rendered the typing into the form's state, which the send reads.
  if (form) requestAnimationFrame(() => setTimeout(() => form.requestSubmit(), 0));
}
