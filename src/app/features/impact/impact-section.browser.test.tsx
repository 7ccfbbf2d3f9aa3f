import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { demoFactorSource, type Impact } from '#domain/schemas/impact';
import { renderComponent } from '../../testing/render';
import { PackagingFigure } from './impact-section';

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
