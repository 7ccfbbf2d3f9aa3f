import type { EnginePage } from './engines';

/**
 * What a failed step's log says about the page, since a run's log is often all there is to read
 * (CI): where the page was and the text it showed, then the state the walks have failed on so far
 * (storage that stopped answering, locks held, the decoder and the camera). Each part that does not
 * answer within 2 s says so, and the others are still told.
 */
export async function probeAtFailure(page: EnginePage): Promise<{ screen: string; state: string }> {
  const screen = await page
    .run(() => `${location.pathname}: ${document.body.innerText.replace(/\s+/g, ' ').slice(0, 600)}`)
    .catch(() => 'the page could not be read');
  const state = await page
    .run(async () => {
      const started = performance.now();
      const within = (label: string, part: Promise<string>) =>
        Promise.race([
          part.then(
            (told) => `${label} ${told} (${Math.round(performance.now() - started)} ms)`,
            (error: unknown) => `${label} failed: ${String(error)}`,
          ),
          new Promise<string>((resolve) => setTimeout(() => resolve(`${label}: no answer in 2 s`), 2_000)),
        ]);
      const outbox = new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('roundtrip');
        open.onblocked = () => reject(new Error('opening is blocked'));
        open.onerror = () => reject(open.error ?? new Error('cannot open'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) return resolve('no store yet');
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(`${all.result.length} entries`);
          };
          all.onerror = () => reject(all.error ?? new Error('cannot read'));
        };
      });
      const cachedDecoders = (async () => {
        const held: string[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            if (!request.url.endsWith('.wasm')) continue;
            const body = await (await cache.match(request))?.arrayBuffer();
            const compiles = body
              ? await WebAssembly.compile(body).then(
                  () => 'compiles',
                  (error: unknown) => `does not compile: ${String(error)}`,
                )
              : 'no body';
            held.push(`${name} holds ${request.url.replace(location.origin, '')}, ${body?.byteLength ?? 0} bytes, ${compiles}`);
          }
        }
        return held.join(', ') || 'none of them a decoder';
      })();
      const parts = await Promise.all([
        within(
          'databases:',
          indexedDB.databases().then((list) => String(list.length)),
        ),
        within('outbox:', outbox),
        within('locks:', navigator.locks ? navigator.locks.query().then((locks) => JSON.stringify(locks)) : Promise.resolve('not offered')),
        within('cached decoders:', cachedDecoders),
      ]);
      const decoderFiles = performance
        .getEntriesByType('resource')
        .filter((entry) => /wasm/.test(entry.name))
        .map((entry) => `${entry.name.replace(location.origin, '')} ${Math.round(entry.duration)} ms`);
      const video = document.querySelector('video');
      return [
        ...parts,
        `decoder files loaded: ${decoderFiles.join(', ') || 'none'}`,
        `page ${document.visibilityState}`,
        `camera asked ${String(Reflect.get(window, '__cameraRequests') ?? 'never (not the canvas camera)')}`,
        `video ${video ? `${video.readyState} ${video.videoWidth}×${video.videoHeight}` : 'none'}`,
      ].join('; ');
    })
    .catch((probeError: unknown) => `the page could not be probed: ${String(probeError)}`);
  return { screen, state };
}
