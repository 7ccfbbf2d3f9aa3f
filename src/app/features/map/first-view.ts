import { sortByDistance, type Bin, type LatLng } from '#domain/bins';

/** South-west and north-east corners, as MapLibre's fitBounds takes them: [[west, south], [east, north]]. */
export type Frame = [[number, number], [number, number]];

/** The first view frames this many of the nearest bins at most, with the person. */
export const framedBins = 3;

/**
 * What the map first shows once the person's position is known: them and the nearest bin, with
 * the next nearest ones when they lie not much farther (within twice the nearest's distance, or a
 * kilometre), so one far bin does not zoom the map out over a region. Nothing to frame without bins.
 */
export function frameAround(position: LatLng, bins: readonly Bin[]): Frame | undefined {
  const nearest = sortByDistance(bins, position).slice(0, framedBins);
  const first = nearest[0];
  if (!first) return undefined;
  const reach = Math.max(first.metres * 2, 1000);
  const points: LatLng[] = [position, ...nearest.filter((entry) => entry.metres <= reach).map((entry) => entry.item)];
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}
