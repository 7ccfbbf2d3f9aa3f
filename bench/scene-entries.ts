// When a scene of labels comes into the fake camera's view, read from the bench page's samples of
// each video frame (bench/scanner.ts, the bag). Apart from scanner.ts so that a test can hand it a
// trace without a browser.
import { percentile } from './stats';

/** One video frame as the page sampled it: when it arrived (page ms), the picture's mean luma, and whether anything could be drawn of it. */
export type SampledFrame = [arrived: number, luma: number, drawn: boolean];

export interface SceneEntryOptions {
  /** How far from the empty scene's luma a frame must be to show something. */
  threshold?: number;
  /** The empty scene's luma is the median of this many first frames (the video starts empty). */
  emptyFrames?: number;
  /** A scene holds at least this many frames in a row (the bag's last 3 s, 30 frames at 10 fps). */
  minFrames?: number;
}

/**
 * The arrival of the first frame of each scene: a run of at least `minFrames` frames in a row whose
 * luma is away from the empty scene's. Frames the page could not draw are left out, and so is a
 * lone odd frame: a first frame sampled black (2026-11-26, 1 bag in about 25) was counted as the
 * first scene's entry, and every frame after was timed from the scene before it (2.2 + 4.2 s
 * instead of 0.4 + 0.2 s).
 */
export function sceneEntries(frames: readonly SampledFrame[], options: SceneEntryOptions = {}): number[] {
  const { threshold = 6, emptyFrames = 10, minFrames = 2 } = options;
  const drawn = frames.filter(([, , wasDrawn]) => wasDrawn);
  if (drawn.length === 0) return [];
  const empty = percentile(
    drawn.slice(0, emptyFrames).map(([, luma]) => luma),
    0.5,
  );
  const entries: number[] = [];
  let runStart: number | undefined;
  let runLength = 0;
  for (const [arrived, luma] of drawn) {
    if (Math.abs(luma - empty) <= threshold) {
      runStart = undefined;
      runLength = 0;
      continue;
    }
    runStart ??= arrived;
    runLength += 1;
    if (runLength === minFrames) entries.push(runStart);
  }
  return entries;
}
