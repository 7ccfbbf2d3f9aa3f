import { describe, expect, it } from 'vitest';
import { sceneEntries, type SampledFrame } from './scene-entries';

const emptyLuma = 251;
const labelsLuma = 163;

/** The bag's video as the page samples it at 10 fps from `start`: 2 s empty, 3 s of labels, 1 s empty, 3 s of labels. */
function bagTrace(start: number): SampledFrame[] {
  const lumas = [
    ...Array<number>(20).fill(emptyLuma),
    ...Array<number>(30).fill(labelsLuma),
    ...Array<number>(10).fill(emptyLuma),
    ...Array<number>(30).fill(labelsLuma),
  ];
  return lumas.map((luma, index) => [start + index * 100, luma, true]);
}

describe('sceneEntries (the bag bench: when a frame of labels comes into view)', () => {
  it('finds each scene of labels at its first frame', () => {
    expect(sceneEntries(bagTrace(1_400))).toEqual([3_400, 7_400]);
  });

  // A bag bench sampled its first video frame as luma 0 (2026-11-26): counted as the first scene,
  // it timed frame 1 from 1.35 s before its labels came and frame 2 from frame 1's arrival.
  it('does not count a first frame sampled black as a scene', () => {
    const trace = bagTrace(1_454);
    expect(sceneEntries([[1_354, 0, true], ...trace])).toEqual([3_454, 7_454]);
  });

  it('leaves out frames the page could not draw', () => {
    const trace = bagTrace(1_454);
    const undrawn: SampledFrame[] = [1, 2, 3].map((index) => [1_454 + index * 100, 0, false]);
    expect(sceneEntries([...trace.slice(0, 1), ...undrawn, ...trace.slice(4)])).toEqual([3_454, 7_454]);
  });

  it('finds no scene in a video that stays empty', () => {
    expect(sceneEntries(bagTrace(0).slice(0, 20))).toEqual([]);
  });
});
