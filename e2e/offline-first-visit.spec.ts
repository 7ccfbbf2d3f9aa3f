import { expect, test } from './support/fixtures';
import { cachedUrls, waitForServiceWorker } from './support/offline';

// The service worker is installed during the first visit, after that page fetched its texts: the
// page first shown must still open offline with the texts the server gave it, not only the
// pages visited later.
test.use({ serviceWorkers: 'allow' });

test("a first visit keeps its own page's texts for offline use", async ({ page, context, request }) => {
  // The server's version of the FAQ differs from the one bundled in the app, as after an editor's change.
  // Read once before the visit: a request the page drops (its preload) must not take the texts with it.
  const edited = 'Questions fréquentes (version du serveur)';
  const texts = (await (await request.get('/locales/fr-FR/faq.json')).json()) as Record<string, string>;
  await context.route('**/locales/fr-FR/faq.json', (route) => route.fulfill({ json: { ...texts, title: edited } }));

  await page.goto('/fr/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);
  await waitForServiceWorker(page);
  await expect
    .poll(async () =>
      Object.values(await cachedUrls(page))
        .flat()
        .some((url) => url.endsWith('/locales/fr-FR/faq.json')),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);
});
