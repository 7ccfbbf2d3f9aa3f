import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import type { Walker } from './walker';
import type { EnginePage } from './engines';
import { probeAtFailure } from './failure-probe';
import { until } from './wait';

export const root = path.resolve(import.meta.dirname, '..', '..');
/** Pictures of a failed step, for the person reading the run (not kept in git). */
const failureDir = path.join(root, 'test-results', 'engines');
/** The 390 px screens of every journey, kept in git so that a change to them shows in review. */
/**
 * Where the screens go: test-results/ on every run, so that `npm test` leaves the repository as it
 * was; `ENGINES_SCREENS=bench` keeps them with the bench results (bench/results/engines), to commit.
 */
export const screenDir =
  process.env.ENGINES_SCREENS === 'bench'
    ? path.join(root, 'bench', 'results', 'engines')
    : path.join(root, 'test-results', 'engines-screens');

export interface WalkStep {
  name: string;
  run: (walker: Walker) => Promise<unknown>;
  timeoutMs?: number;
}

export interface OpenedWalk {
  walker: Walker;
  close(): Promise<void>;
}

/** A screenshot made small: 390 px screens of flat colours need no more than a palette. */
async function writeSmallPng(file: string, png: Buffer): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, await sharp(png).png({ palette: true, colours: 128, compressionLevel: 9, effort: 10 }).toBuffer());
}

/** Keeps the screen under `screenDir` as `<engine>-<locale>-<nn>-<name>.png`, numbered in walking order. */
export function screenKeeper(page: EnginePage, locale: string): (name: string, showing?: string) => Promise<void> {
  let taken = 0;
  return async (name, showing) => {
    taken += 1;
    // At once: the app scrolls smoothly, and the picture would catch the page on its way.
    if (showing)
      await page.run((css: string) => document.querySelector(css)?.scrollIntoView({ block: 'center', behavior: 'instant' }), showing);
    // No digit still rolling (the balance's slot-machine reels): the screen as it stays.
    await until(
      'the rolling digits settle',
      () => page.run(() => document.querySelectorAll('[data-settled="false"]').length),
      (rolling) => rolling === 0,
    );
    // Two frames drawn: the history lines (content-visibility: auto) are painted only once in view.
    await page.run(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    await writeSmallPng(
      path.join(screenDir, `${page.engine}-${locale}-${String(taken).padStart(2, '0')}-${name}.png`),
      await page.screenshot(),
    );
  };
}

const pendingNotes: string[] = [];

/** Something the person reading the run should know though the step passed; shown under the step. */
export function note(message: string): void {
  pendingNotes.push(message);
}

/** The engines' own messages that are not the app's failures. */
const knownEngineNoise = [
  // zod 4 tries `new Function` once to see whether it may compile its parsers; the app's CSP says no
  // (no 'unsafe-eval') and Firefox logs the refusal. zod then parses without compiling: nothing breaks.
  /blocked a JavaScript eval/,
  // With the network cut, the scanner's decoder fetched ahead for offline use (keepDecoderForOffline)
  // cannot arrive; Firefox words the failed fetch through the service worker as an error of its own.
  /A ServiceWorker intercepted the request and encountered an unexpected error/,
];

/**
 * One browser session walking journeys in order, each a test of its own: a journey that fails is
 * reported with a picture of the screen, and the walk goes on with the next, which starts from its
 * own page. The last test fails on uncaught errors the engine reported during the walk.
 */
export function defineWalk(title: string, open: () => Promise<OpenedWalk>, steps: WalkStep[]): void {
  // node:test runs them in order; the promises it returns only say when, which the file need not wait for.
  void describe(title, () => {
    let opened: OpenedWalk | undefined;
    /** Each uncaught error with the step during which the engine reported it, for the last test. */
    const stepErrors: string[] = [];
    let errorsSeen = 0;
    before(async () => {
      opened = await open();
    });
    after(async () => {
      await opened?.close();
    });
    for (const step of steps) {
      void it(step.name, { timeout: step.timeoutMs ?? 60_000 }, async (context) => {
        if (!opened) throw new Error('the browser session did not open');
        const { walker } = opened;
        try {
          await step.run(walker);
        } catch (error) {
          const picture = path.join(failureDir, `${title.replace(/\W+/g, '-')}-${step.name.replace(/\W+/g, '-')}.png`);
          await walker.page
            .screenshot()
            .then((png) => writeSmallPng(picture, png))
            .catch(() => undefined);
          const probe = await probeAtFailure(walker.page);
          context.diagnostic(`on screen at the failure, ${probe.screen}`);
          context.diagnostic(`state at the failure: ${probe.state}`);
          await walker.network.restore();
          await walker.page.setOffline?.(false);
          throw error;
        } finally {
          for (const message of pendingNotes.splice(0)) context.diagnostic(message);
          const errors = await walker.page.errors().catch(() => []);
          for (const message of errors.slice(errorsSeen)) stepErrors.push(`during “${step.name}”: ${message}`);
          errorsSeen = Math.max(errorsSeen, errors.length);
        }
      });
    }
    void it('no uncaught errors in the page', async () => {
      if (!opened) throw new Error('the browser session did not open');
      const late = await opened.walker.page.errors();
      for (const message of late.slice(errorsSeen)) stepErrors.push(`after the last step: ${message}`);
      const errors = stepErrors.filter((message) => !knownEngineNoise.some((noise) => noise.test(message)));
      if (errors.length > 0) throw new Error(`uncaught errors: ${errors.join('\n')}`);
    });
  });
}
