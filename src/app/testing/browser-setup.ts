// Setup of the component tests (vitest.config.ts, project `components`), run in Chromium before each file.
// The app's own stylesheet, so that what is hidden, visible or laid out is what a person gets.
import '../styles.css';
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from 'vitest-browser-react';
import { queryClient } from '../lib/query-client';
import { clearTokens } from '../lib/session';
import { restoreNetwork } from './fake-network';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(async () => {
  // Unmounted before the network and the session go, so nothing renders against what the next test sets up.
  await cleanup();
  queryClient.clear();
  clearTokens();
  restoreNetwork();
});
