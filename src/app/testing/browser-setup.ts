// Setup of the component tests (vitest.config.ts, project `components`), run in Chromium before each file.
// The app's own stylesheet, so that what is hidden, visible or laid out is what a person gets.
import '../styles.css';
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from 'vitest-browser-react';
import { saveConsent } from '../features/consent/consent-store';
import { hasStoredData, loadDatabase } from '../lib/db-loader';
import { flushOutbox } from '../lib/outbox';
import { queryClient } from '../lib/query-client';
import { clearTokens } from '../lib/session';
import { restoreNetwork } from './fake-network';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // A visitor who has answered the cookie banner: a page's tests are about the page. Undecided, the
  // banner (its own chunk, seconds late in a cold test browser) can open over the form between a
  // click's press and release: the click is lost, the focus stays on the button. It covers the
  // bottom 296 px of a 360 × 800 sign-up page, where its submit button is once scrolled to.
  saveConsent(false);
});

afterEach(async () => {
  // Unmounted before the network and the session go, so nothing renders against what the next test sets up.
  await cleanup();
  queryClient.clear();
  clearTokens();
  // The page and its IndexedDB outlive a test: what one test queued would be sent during the next
  // (its retry timer fires there) and counted as that test's request. A send still running ends
  // against this test's network; then the outbox and the stored cache go, as sign-out empties them.
  await flushOutbox();
  if (await hasStoredData()) await (await loadDatabase()).clearDatabase();
  restoreNetwork();
});
