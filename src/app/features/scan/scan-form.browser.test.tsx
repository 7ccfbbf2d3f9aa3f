import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { containerCodeFromRandom } from '#domain/container-codes';
import { meQueryKey } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { fakeApi, signIn } from '../../testing/fake-network';
import { renderComponent } from '../../testing/render';
import { ScanForm } from './scan-form';

const first = containerCodeFromRandom(new Uint8Array([12, 34, 56, 78, 90, 123, 45]));
const next = containerCodeFromRandom(new Uint8Array([200, 1, 2, 3, 4, 5, 6]));

describe('scan by code', () => {
  it('a code typed while the previous one is on its way is kept, not wiped when the first is recorded', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    signIn();
    queryClient.setQueryData(meQueryKey, { id: '41' });
    const api = fakeApi({
      'POST /scans': async () => {
        await held;
        return { status: 201, body: {} };
      },
    });
    await renderComponent(<ScanForm />, { path: '/us/user/account' });
    const field = page.getByRole('textbox', { name: 'Container code' });
    await field.fill(first);
    await page.getByRole('button', { name: 'Record the scan' }).click();
    await expect.poll(() => api.to('POST /scans').length).toBe(1);
    await field.fill(next);
    answer();
    await expect.element(page.getByRole('button', { name: 'Record the scan' })).toBeEnabled();
    await expect.element(field).toHaveValue(next);
  });
});
