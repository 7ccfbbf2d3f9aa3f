import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { meQueryKey } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { fakeApi, signIn } from '../../testing/fake-network';
import { renderComponent, testLocales } from '../../testing/render';
import DisputeForm from './dispute-form';
import { testCustomer, transactionRow } from './test-rows';

const texts = {
  'en-US': { reasons: 'What is wrong?', chooseReason: 'Please choose what is wrong.', send: 'Send the dispute', note: 'Note (optional)' },
  'fr-FR': {
    reasons: 'Qu’est-ce qui ne va pas ?',
    chooseReason: 'Veuillez indiquer ce qui ne va pas.',
    send: 'Envoyer la contestation',
    note: 'Remarque (facultatif)',
  },
  'ja-JP': { reasons: '何が問題ですか？', chooseReason: '問題の内容を選んでください。', send: '異議を送信する', note: 'メモ（任意）' },
} as const;

const rejected = transactionRow({ status: 'REJECTED', amount: { value: '0.00', currency: 'USD' }, disputable: true });

describe('dispute form', () => {
  for (const locale of testLocales) {
    const text = texts[locale];

    it(`${locale}: sent without a reason, it marks the reasons and says why, and nothing leaves the phone`, async () => {
      const api = fakeApi({});
      await renderComponent(<DisputeForm row={rejected} onDone={() => undefined} />, { locale });
      await page.getByRole('button', { name: text.send }).click();

      const reasons = page.getByRole('radiogroup', { name: text.reasons });
      await expect.element(reasons).toHaveAttribute('aria-invalid', 'true');
      await expect.element(reasons).toHaveAccessibleDescription(text.chooseReason);
      await expect.element(page.getByText(text.chooseReason)).toBeVisible();
      expect(api.requests).toHaveLength(0);

      // Any choice is a valid one: the error goes at once.
      await page.getByRole('radio').first().click();
      await expect.element(reasons).not.toHaveAttribute('aria-invalid');
      await expect.element(page.getByText(text.chooseReason)).not.toBeInTheDocument();
    });
  }

  it('a refusal of the queued dispute is announced as an alert, in the server’s words', async () => {
    signIn();
    queryClient.setQueryData(meQueryKey, testCustomer);
    const api = fakeApi({
      'POST /disputes': {
        status: 409,
        body: { error: { code: 'DISPUTE_EXISTS', message: 'Vous avez déjà contesté cette ligne.' } },
      },
    });
    const onDone = vi.fn();
    await renderComponent(<DisputeForm row={rejected} onDone={onDone} />, { locale: 'fr-FR' });
    await page.getByRole('radio', { name: 'Autre chose' }).click();
    await page.getByRole('textbox', { name: texts['fr-FR'].note }).fill('Le gobelet était propre quand je l’ai rendu.');
    await page.getByRole('button', { name: texts['fr-FR'].send }).click();

    await expect.element(page.getByRole('alert')).toHaveTextContent('Vous avez déjà contesté cette ligne.');
    expect(onDone).not.toHaveBeenCalled();
    // It went through the outbox, under the id made when the form opened, with what was chosen and typed.
    const [sent] = api.to('POST /disputes');
    expect(sent?.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      transaction_id: rejected.id,
      reason: 'other',
      note: 'Le gobelet était propre quand je l’ai rendu.',
    });
  });

  it('sent at once (the phone cannot queue it), a refused note is marked, described and focused', async () => {
    // No customer known on this device yet: the outbox cannot take it, so it goes straight to the server.
    signIn();
    fakeApi({
      'POST /disputes': {
        status: 422,
        body: { error: { code: 'VALIDATION_FAILED', message: 'Cette note est trop longue.', fields: { note: 'tooLong' } } },
      },
    });
    await renderComponent(<DisputeForm row={rejected} onDone={() => undefined} />, { locale: 'fr-FR' });
    await page.getByRole('radio', { name: 'Autre chose' }).click();
    await page.getByRole('textbox', { name: texts['fr-FR'].note }).fill('Le gobelet était propre quand je l’ai rendu.');
    await page.getByRole('button', { name: texts['fr-FR'].send }).click();

    const note = page.getByRole('textbox', { name: texts['fr-FR'].note });
    await expect.element(note).toHaveFocus();
    await expect.element(note).toHaveAttribute('aria-invalid', 'true');
    await expect.element(note).toHaveAccessibleDescription(expect.stringContaining('C’est trop long.'));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Cette note est trop longue.');
  });
});
