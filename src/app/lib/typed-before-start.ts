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
  /** The form's place among the page's forms, or -1 outside any form. */
  form: number;
  control: number;
  /** The control's kind, so that a different page's control at the same place is left alone. */
  kind: string;
  value: string;
  checked: boolean;
}

/** The attribute the inline script sets to the index of a form sent before the app ran. */
export const submitWaitingAttribute = 'data-submit-waiting';

const controlSelector = 'input, textarea, select';

const formsOf = (root: ParentNode): Control[][] =>
  [...root.querySelectorAll('form')].map((form) => [...form.querySelectorAll<Control>(controlSelector)]);

/** The group of the fields outside any form (a search box, the country finder): `Typed.form` -1. */
const outsideForms = -1;

const controlsOutsideForms = (root: ParentNode): Control[] =>
  [...root.querySelectorAll<Control>(controlSelector)].filter((control) => control.closest('form') === null);

/** The page's fields by group: each form's, by the form's place on the page, and those outside any form. */
const groupsOf = (root: ParentNode): Map<number, Control[]> =>
  new Map([...formsOf(root).map((controls, form): [number, Control[]] => [form, controls]), [outsideForms, controlsOutsideForms(root)]]);

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
  return [...groupsOf(root)].flatMap(([form, controls]) =>
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

/**
 * Holds back every form sent from now until `restoreTypedInput` lets it go, as the page's inline
 * script does before the app runs. The app draws its form before it can put the typing into it
 * (that waits for the render to be committed, then for React to take the input events): a form
 * sent in between would be read with empty fields and answered with "enter your email" beside the
 * address the person sees in it. A held form is sent by the app once the typing is in.
 */
export function holdSubmitsUntilRestored(root: ParentNode): () => void {
  const hold = (event: Event) => {
    const index = event.target instanceof HTMLFormElement ? [...root.querySelectorAll('form')].indexOf(event.target) : -1;
    if (index < 0) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    document.documentElement.setAttribute(submitWaitingAttribute, String(index));
  };
  // Capturing on the window: before React's own listener on the root sees the form.
  window.addEventListener('submit', hold, true);
  return () => window.removeEventListener('submit', hold, true);
}

/**
 * Puts the typing back into the app's fields, then lets held forms go (`releaseHeldSubmits`) and
 * sends one that was sent before the app ran or while the typing went in.
 */
export function restoreTypedInput(root: ParentNode, typed: readonly Typed[], releaseHeldSubmits: () => void = () => undefined): void {
  const groups = groupsOf(root);
  for (const entry of typed) {
    const control = groups.get(entry.form)?.[entry.control];
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
  // After React has rendered the typing into the form's state, which the send reads.
  requestAnimationFrame(() =>
    setTimeout(() => {
      releaseHeldSubmits();
      const html = document.documentElement;
      const waiting = html.getAttribute(submitWaitingAttribute);
      html.removeAttribute(submitWaitingAttribute);
      const form = waiting === null ? undefined : root.querySelectorAll('form')[Number(waiting)];
      form?.requestSubmit();
    }, 0),
  );
}
