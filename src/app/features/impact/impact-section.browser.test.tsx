import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { Impact } from '#domain/schemas/impact';
import { demoFactorSource } from '#domain/impact';
import { renderComponent } from '../../testing/render';
import { queryClient } from '../../lib/query-client';
import { holdBelowFirstScreen, releaseBelowFirstScreen } from '../../lib/first-screen';
import { impactQueryKey } from './api/impact';
import { ImpactSection, PackagingFigure } from './impact-section';

const impact = {
  returned_items: 3,
  deposits_earned: { value: '0.60', currency: 'EUR' },
  withdrawn: { value: '0.00', currency: 'EUR' },
  months: [],
  packaging: { avoided_grams: 120, counted_items: 3, sources: [demoFactorSource, 'ADEME 2024'] },
} as const satisfies Impact;

describe('packaging figure', () => {
  it('says in the reader’s language that the demo’s figure is not a measurement, and names other sources as written', async () => {
    await renderComponent(<PackagingFigure impact={impact} />, { locale: 'fr-FR', path: '/fr/user' });
    await expect
      .element(page.getByTestId('impact-source'))
      .toHaveTextContent(/^Source\s: Chiffre de démonstration, pas une mesure · ADEME 2024$/);
  });
});

describe('the figures on the first render over a signed-in shell', () => {
  it('show “Loading…” as the shell did while the page is taken over, then the saved figures', async () => {
    queryClient.setQueryData(impactQueryKey, impact);
    holdBelowFirstScreen();
    try {
      await renderComponent(<ImpactSection />, { locale: 'en-US', path: '/us/user/account' });
      await expect.element(page.getByTestId('impact')).toHaveTextContent('Loading…');
      expect(page.getByTestId('impact-returned').query()).toBeNull();
    } finally {
      releaseBelowFirstScreen();
    }
    await expect.element(page.getByTestId('impact-returned')).toHaveTextContent('3');
    queryClient.removeQueries({ queryKey: impactQueryKey });
  });
});
