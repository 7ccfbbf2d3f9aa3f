import { describe, expect, it } from 'vitest';
import { pageViewRecorder } from './page-view-recorder';

/** A load of the analytics chunk that the test settles by hand, in any order. */
function chunkLoads() {
  const seen: string[] = [];
  const pending: { resolve: () => void; reject: () => void }[] = [];
  const chunk = { recordPageView: (path: string) => void seen.push(path) };
  const load = () =>
    new Promise<typeof chunk>((resolve, reject) => {
      pending.push({ resolve: () => resolve(chunk), reject: () => reject(new Error('offline')) });
    });
  return { seen, pending, load };
}

describe('page views recorded through the analytics chunk', () => {
  it('keeps the views in the order they were seen, however the loads of the chunk settle', async () => {
    const { seen, pending, load } = chunkLoads();
    const record = pageViewRecorder(load);
    const views = [record('/products', 'en-US'), record('/faq', 'en-US')];
    for (const loading of [...pending].reverse()) loading.resolve();
    await Promise.all(views);
    expect(seen).toEqual(['/products', '/faq']);
  });

  it('loads the chunk again on the next view after a failed load, without the views that waited for it', async () => {
    const { seen, pending, load } = chunkLoads();
    const record = pageViewRecorder(load);
    const lost = record('/products', 'en-US');
    pending[0]!.reject();
    await lost;
    const kept = record('/faq', 'en-US');
    expect(pending).toHaveLength(2);
    pending[1]!.resolve();
    await kept;
    expect(seen).toEqual(['/faq']);
  });
});
