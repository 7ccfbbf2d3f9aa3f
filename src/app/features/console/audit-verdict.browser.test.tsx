import { i18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { AuditVerdict } from '#domain/schemas/operators';
import { renderComponent, testLocales } from '../../testing/render';
import { AuditVerdictReport } from './audit-verdict';

const consoleCatalogues = import.meta.glob<{ messages: Messages }>('../../locales/*/console.po');

/**
 * The console's own catalogue loaded after the customer's, as the console does (catalogue.ts):
 * activating a locale replaces its messages, loading merges into them and redraws.
 */
async function renderInConsole(verdict: AuditVerdict, locale: (typeof testLocales)[number]) {
  const { messages } = await consoleCatalogues[`../../locales/${locale}/console.po`]!();
  const screen = await renderComponent(<AuditVerdictReport verdict={verdict} />, { locale });
  i18n.load(locale, messages);
  return screen;
}

/** test-results/ at the repository's root, from this file's folder. */
const resultsDir = '../../../../test-results/components';

const at = '2026-11-28T21:00:00.000Z';
const tampered: AuditVerdict = {
  ok: false,
  full: true,
  from_seq: 0,
  entries: 7,
  head_seq: 7,
  head: 'a'.repeat(64),
  checkpoints: 2,
  problems: [
    { kind: 'missing', after: 7, checkpoint: { seq: 10, at } },
    { kind: 'changed', from: 1, seq: 6, checkpoint: { seq: 6, at } },
    { kind: 'bad_checkpoint', ref: 'checkpoints.jsonl:3', reason: 'signature', checkpoint: { seq: 6, at } },
  ],
  checkpoint_written: { seq: 7, at },
};

const texts = {
  'en-US': {
    alert: 'The trail is not what its signed checkpoints hold.',
    missing: /^Entries after entry 7 are missing: the checkpoint of .+ names entry 10\.$/,
    changed: /^An entry from 1 to 6 changed since the checkpoint of .+\.$/,
    forged: /^Checkpoint checkpoints\.jsonl:3 does not carry this server’s signature/,
  },
  'fr-FR': {
    alert: 'Le journal ne correspond pas à ses points de contrôle signés.',
    missing: /^Les entrées après l’entrée 7 manquent\s: le point de contrôle du .+ nomme l’entrée 10\.$/,
    changed: /^Une entrée entre 1 et 6 a changé depuis le point de contrôle du .+\.$/,
    forged: /^Le point de contrôle checkpoints\.jsonl:3 ne porte pas la signature de ce serveur/,
  },
  'ja-JP': {
    alert: '監査ログが署名付きチェックポイントの内容と一致しません。',
    missing: /^記録7より後の記録がありません。.+のチェックポイントには記録10が含まれています。$/,
    changed: /^.+のチェックポイント以降に、記録1〜6のいずれかが変更されました。$/,
    forged: /^チェックポイントcheckpoints\.jsonl:3にはこのサーバーの署名がありません。/,
  },
} as const;

describe('the audit check’s answer', () => {
  for (const locale of testLocales) {
    const text = texts[locale];
    it(`${locale}: entries cut off, an entry rewritten and a forged checkpoint are each said, as one alert`, async () => {
      await renderInConsole(tampered, locale);
      const alert = page.getByRole('alert');
      await expect.element(alert).toHaveTextContent(text.alert);
      const items = alert.getByRole('listitem');
      await expect.element(items.nth(0)).toHaveTextContent(text.missing);
      await expect.element(items.nth(1)).toHaveTextContent(text.changed);
      await expect.element(items.nth(2)).toHaveTextContent(text.forged);
      // Nothing past the edge of a 360 px phone.
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
      // Kept with the test results (git ignores them) for a person to look at.
      if (locale !== 'en-US') await page.screenshot({ path: `${resultsDir}/audit-verdict-${locale}-360.png` });
    });
  }

  it('an intact trail says so as a status, with the checkpoints it was checked against', async () => {
    const intact: AuditVerdict = { ...tampered, ok: true, problems: [] };
    await renderInConsole(intact, 'en-US');
    await expect.element(page.getByRole('status')).toHaveTextContent('Intact: 7 entries, each one linked to the one before.');
    await expect
      .element(page.getByTestId('ops-audit-anchor'))
      .toHaveTextContent(/^Checked against 2 signed checkpoints kept outside the database\. A new one now holds entry 7 \(.+\)\.$/);
  });
});
