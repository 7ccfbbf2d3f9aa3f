import type { EnginePage } from './engines';
import { until } from './wait';

/**
 * What a person sees, read from the page the same way in every engine, and the actions they take
 * on it. Each `expect…` waits for the screen to settle and fails with what it saw last.
 */

/**
 * Text as compared here: every run of white space one space. The page's text is read that way, and
 * so must the expected text be: French puts no-break spaces before « : » and inside « », which a
 * plain space would not match.
 */
export const normaliseText = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The text of the first element matching `selector` as shown (white space collapsed), or null when there is none. */
export function textOf(page: EnginePage, selector: string): Promise<string | null> {
  return page.run((css: string) => {
    const element = document.querySelector(css);
    return element ? (element.textContent ?? '').replace(/\s+/g, ' ').trim() : null;
  }, selector);
}

/** Whether an element matching `selector` takes space on the screen and is not hidden. */
export function isVisible(page: EnginePage, selector: string): Promise<boolean> {
  return page.run((css: string) => {
    const element = document.querySelector(css);
    if (!(element instanceof HTMLElement)) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  }, selector);
}

export function attributeOf(page: EnginePage, selector: string, name: string): Promise<string | null> {
  return page.run((css: string, attribute: string) => document.querySelector(css)?.getAttribute(attribute) ?? null, selector, name);
}

export function countOf(page: EnginePage, selector: string): Promise<number> {
  return page.run((css: string) => document.querySelectorAll(css).length, selector);
}

function matches(actual: string | null, expected: string | RegExp): boolean {
  return actual !== null && (typeof expected === 'string' ? actual === normaliseText(expected) : expected.test(actual));
}

export async function expectText(
  page: EnginePage,
  selector: string,
  expected: string | RegExp,
  options: { timeoutMs?: number } = {},
): Promise<string> {
  return (
    (await until(
      `text of ${selector} is ${String(expected)}`,
      () => textOf(page, selector),
      (text) => matches(text, expected),
      options,
    )) ?? ''
  );
}

/** Waits until the text of `selector` satisfies `accept`; `what` names the expectation in a failure. */
export async function expectTextWhere(
  page: EnginePage,
  selector: string,
  what: string,
  accept: (text: string) => boolean,
): Promise<string> {
  return (
    (await until(
      `${selector}: ${what}`,
      () => textOf(page, selector),
      (text) => text !== null && accept(text),
    )) ?? ''
  );
}

export async function expectTextContaining(page: EnginePage, selector: string, part: string, options: { timeoutMs?: number } = {}) {
  await until(
    `${selector} contains “${part}”`,
    () => textOf(page, selector),
    (text) => text?.includes(normaliseText(part)) === true,
    options,
  );
}

export async function expectVisible(page: EnginePage, selector: string, options: { timeoutMs?: number } = {}): Promise<void> {
  await until(
    `${selector} is visible`,
    () => isVisible(page, selector),
    (visible) => visible,
    options,
  );
}

export async function expectHidden(page: EnginePage, selector: string, options: { timeoutMs?: number } = {}): Promise<void> {
  await until(
    `${selector} is hidden`,
    () => isVisible(page, selector),
    (visible) => !visible,
    options,
  );
}

export async function expectAttribute(
  page: EnginePage,
  selector: string,
  name: string,
  expected: string | RegExp,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  await until(
    `${selector} [${name}] is ${String(expected)}`,
    () => attributeOf(page, selector, name),
    (value) => matches(value, expected),
    options,
  );
}

export async function expectUrl(page: EnginePage, pattern: RegExp, options: { timeoutMs?: number } = {}): Promise<string> {
  return until(
    `the address matches ${String(pattern)}`,
    () => page.url(),
    (url) => pattern.test(new URL(url).pathname + new URL(url).search),
    options,
  );
}

/** The level-1 heading, once the app shows the one expected. */
export function expectHeading(page: EnginePage, expected: string | RegExp, options: { timeoutMs?: number } = {}): Promise<string> {
  return expectText(page, 'main h1, h1', expected, options);
}

/**
 * Finds the element a person means by its words (a button's name, a label's text) and gives it
 * an attribute the engine's automation can aim at: one CSS selector for both engines' clicks.
 */
async function mark(page: EnginePage, what: string, find: { css: string; text?: string; byLabel?: string }): Promise<string> {
  const token = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await until(
    what,
    () =>
      page.run(
        (css: string, text: string | null, label: string | null, mark: string) => {
          const normalise = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
          const visible = (element: Element) => element instanceof HTMLElement && element.getClientRects().length > 0;
          let target: Element | null | undefined;
          if (label !== null) {
            const labels = [...document.querySelectorAll('label')].filter((candidate) => normalise(candidate.textContent) === label);
            target = labels.map((candidate) => candidate.control).find((control) => control && visible(control));
          } else {
            target = [...document.querySelectorAll(css)].find(
              (candidate) => visible(candidate) && (text === null || normalise(candidate.textContent) === text),
            );
          }
          if (!target) return false;
          target.setAttribute('data-engine-target', mark);
          return true;
        },
        find.css,
        find.text ?? null,
        find.byLabel ?? null,
        token,
      ),
    (found) => found,
  );
  return `[data-engine-target="${token}"]`;
}

/** Clicks the element matching `css` (whose text is `text`, when given) once it is on the screen. */
export async function clickOn(page: EnginePage, css: string, text?: string): Promise<void> {
  await page.click(
    await mark(page, `${css}${text === undefined ? '' : ` “${text}”`} is on the screen`, { css, ...(text === undefined ? {} : { text }) }),
  );
}

/** A selector for the control a label names (its text exactly). */
export function markLabelled(page: EnginePage, label: string): Promise<string> {
  return mark(page, `a control labelled “${label}”`, { css: '', byLabel: label });
}

/** Types into the field a label names, as a person would. */
export async function fillLabelled(page: EnginePage, label: string, value: string): Promise<void> {
  await page.type(await markLabelled(page, label), value);
}

/**
 * Chooses an option of a select. The engines' automation clicks on an <option> differently (the
 * popup is native), so the choice is made as the browser makes it after a pick: value, then change.
 */
export async function chooseOption(page: EnginePage, selectSelector: string, value: string): Promise<void> {
  await until(
    `${selectSelector} offers ${value}`,
    () => countOf(page, `${selectSelector} option[value="${value}"]`),
    (count) => count === 1,
  );
  await page.run(
    (css: string, chosen: string) => {
      const select = document.querySelector(css);
      if (!(select instanceof HTMLSelectElement)) throw new Error(`${css} is not a select`);
      select.focus();
      // React tracks the value itself: set it through the element's own setter so the change is seen.
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, chosen);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    selectSelector,
    value,
  );
}
