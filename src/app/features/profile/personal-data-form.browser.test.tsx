import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { User } from '#domain/schemas/user';
import { renderComponent } from '../../testing/render';
import { PersonalDataForm } from './personal-data-form';

const camille = {
  id: '7',
  email: 'camille@example.com',
  name: 'Camille Tremblay',
  country_code: 'ca',
  locale: 'fr-FR',
  zip_code: 'H2X 1Y4',
  address: '3500 rue Saint-Denis',
  city: 'Montréal',
  state: 'QC',
  email_verified: true,
  created_at: '2026-11-20T12:00:00.000Z',
} as const satisfies User;

describe('personal data form', () => {
  it('asks a Canadian for a province, in French too', async () => {
    await renderComponent(<PersonalDataForm user={camille} />, { locale: 'fr-FR', path: '/ca/user/profile' });
    await expect.element(page.getByLabelText('Province', { exact: true })).toHaveValue('QC');
    await expect.element(page.getByLabelText('Région')).not.toBeInTheDocument();
  });

  it('asks an American for a state', async () => {
    await renderComponent(<PersonalDataForm user={{ ...camille, country_code: 'us', locale: 'en-US', zip_code: '97205', state: 'OR' }} />, {
      path: '/us/user/profile',
    });
    await expect.element(page.getByLabelText('State', { exact: true })).toHaveValue('OR');
  });
});
