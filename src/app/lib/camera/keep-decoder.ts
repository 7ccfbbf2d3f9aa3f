/**
 * Keeps the camera scanner's decoder for offline use (detectors.ts, keepDecoderForOffline) once the
 * service worker controls the page. The wait is here, apart from the detectors: on a first visit
 * the worker is still installing, and the detectors' module (with the code rules and the scan's
 * messages it shares a file with) would otherwise be downloaded for nothing before it runs.
 */
export async function keepDecoderOnceWorkerControls(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // The worker takes the page over when ready (clientsClaim).
  if (!navigator.serviceWorker.controller) {
    const taken = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 120_000);
      navigator.serviceWorker.addEventListener(
        'controllerchange',
        () => {
          clearTimeout(timer);
          resolve(true);
        },
        { once: true },
      );
    });
    if (!taken) return;
  }
  const { keepDecoderForOffline } = await import('./detectors');
  await keepDecoderForOffline();
}
