import { describe, expect, it } from 'vitest';
import { quebecWording, regionalWording } from './quebec-wording';

describe('Quebec French wording', () => {
  it('says courriel, service à la clientèle and jours ouvrables', () => {
    expect(quebecWording('Confirmez votre adresse e-mail.')).toBe('Confirmez votre adresse courriel.');
    expect(quebecWording('Vous recevrez un e‑mail. E-mails activés.')).toBe('Vous recevrez un courriel. Courriels activés.');
    expect(quebecWording('L’e-mail du service client arrive sous deux jours ouvrés.')).toBe(
      'Le courriel du service à la clientèle arrive sous deux jours ouvrables.',
    );
  });

  it('changes French for Canada only', () => {
    expect(regionalWording('fr-CA', 'par e-mail')).toBe('par courriel');
    expect(regionalWording('fr-FR', 'par e-mail')).toBe('par e-mail');
  });
});
