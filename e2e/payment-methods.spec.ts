import { test, expect, notification, signIn, signUpViaApi, uniqueEmail } from './support/fixtures';
import { linesOf, PaymentMethodDialog } from './support/pages/payment-method-dialog';
import { e2ePassword } from './support/test-password';
import { screensDir } from './support/screens';

/** Kept for a person to look at (bench/results/customer-screens with SCREENSHOTS=1). */
const screens = screensDir('customer-screens');

// Payout methods as a new customer meets them on a small phone, in the language each point was seen in.
test.use({ viewport: { width: 360, height: 780 } });
// Each test walks several saves on a real server; on a shared machine that takes longer than most.
test.slow();

test.describe('ja-JP', () => {
  test.use({ locale: 'ja-JP' });

  test('a holder name in kanji is refused with a message in Japanese; hiragana is saved as katakana; editing fills the account in', async ({
    page,
    context,
    request,
  }) => {
    const email = uniqueEmail('bank-jp-360');
    await signUpViaApi(request, { email, country: 'jp' });
    await signIn(context, request, email, e2ePassword);
    await page.goto('/jp/user/account');
    const methods = new PaymentMethodDialog(page);
    await methods.open();
    await methods.editMethod('TRANSFERWISE', '追加 銀行口座');
    await methods.field('TRANSFERWISE', '銀行コード').fill('0005');
    await methods.field('TRANSFERWISE', '支店コード').fill('123');
    await methods.field('TRANSFERWISE', '口座種別').selectOption('ordinary');
    await methods.field('TRANSFERWISE', '口座番号').fill('1234567');
    const holder = methods.field('TRANSFERWISE', '口座名義（カナ）');
    await holder.fill('山田花子');
    await methods.save('TRANSFERWISE', '保存');
    await expect(
      methods.form('TRANSFERWISE').getByText('口座名義は通帳の表記どおりカタカナで入力してください。漢字は使えません。'),
    ).toBeVisible();
    await expect(holder).toBeFocused();
    await page.screenshot({ path: `${screens}/bank-name-kanji-ja-JP.png` });

    await holder.fill('やまだ はなこ');
    await methods.save('TRANSFERWISE', '保存');
    await expect(notification(page).filter({ hasText: '口座情報を登録しました' })).toBeVisible();
    await expect(methods.option('TRANSFERWISE')).toContainText('•••• 567');

    // The radio is a thumb-sized target on a row tall enough to hit.
    const radio = await methods.radio('TRANSFERWISE').boundingBox();
    expect(radio!.width).toBeGreaterThanOrEqual(24);
    expect(radio!.height).toBeGreaterThanOrEqual(24);
    expect((await methods.option('TRANSFERWISE').locator('label').boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await methods.editMethod('TRANSFERWISE', '口座を編集 銀行口座');
    await expect(methods.field('TRANSFERWISE', '銀行コード')).toHaveValue('0005');
    await expect(methods.field('TRANSFERWISE', '支店コード')).toHaveValue('123');
    await expect(holder).toHaveValue('ﾔﾏﾀﾞ ﾊﾅｺ');
    // The number is never sent back whole: the field is empty and says which account is on file.
    await expect(methods.field('TRANSFERWISE', '口座番号')).toHaveValue('');
    await expect(methods.form('TRANSFERWISE')).toContainText('登録済み：•••• 567。番号の全体は表示されません。もう一度入力してください。');
    await page.screenshot({ path: `${screens}/bank-edit-ja-JP.png` });
  });
});

test.describe('fr-FR', () => {
  test.use({ locale: 'fr-FR' });

  test('the masked IBAN stays on one line, the radios are 24 px, and editing keeps the name and asks for the IBAN again', async ({
    page,
    context,
    request,
  }) => {
    const email = uniqueEmail('bank-fr-360');
    await signUpViaApi(request, { email, country: 'fr' });
    await signIn(context, request, email, e2ePassword);
    await page.goto('/fr/user/account');
    const methods = new PaymentMethodDialog(page);
    await methods.open();
    await methods.editMethod('TRANSFERWISE', 'Ajouter Compte bancaire');
    await methods.field('TRANSFERWISE', 'IBAN').fill('FR76 3000 6000 0112 3456 7890 189');
    await methods.field('TRANSFERWISE', 'Nom').fill('Camille Durand-Lefèvre de la Rochefoucauld');
    await methods.field('TRANSFERWISE', 'Adresse').fill('12 rue des Lilas, 75011 Paris');
    await methods.save('TRANSFERWISE', 'Enregistrer');
    await expect(notification(page).filter({ hasText: 'Coordonnées bancaires ajoutées' })).toBeVisible();

    const inDialog = methods.maskedNumber(methods.option('TRANSFERWISE'));
    await expect(inDialog).toHaveText('FR•• •••• 0189');
    expect(await linesOf(inDialog)).toBe(1);
    for (const method of ['TRANSFERWISE', 'PAYPAL'] as const) {
      const radio = await methods.radio(method).boundingBox();
      expect(radio!.width).toBeGreaterThanOrEqual(24);
      expect(radio!.height).toBeGreaterThanOrEqual(24);
      expect((await methods.option(method).locator('label').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await page.screenshot({ path: `${screens}/payment-methods-fr-FR.png` });

    await methods.editMethod('TRANSFERWISE', 'Modifier le compte Compte bancaire');
    await expect(methods.field('TRANSFERWISE', 'Nom')).toHaveValue('Camille Durand-Lefèvre de la Rochefoucauld');
    await expect(methods.field('TRANSFERWISE', 'IBAN')).toHaveValue('');
    const saved = methods.form('TRANSFERWISE').locator('.payment-form__masked');
    await expect(saved).toHaveText('FR•• •••• 0189');
    expect(await linesOf(saved)).toBe(1);
    await expect(methods.form('TRANSFERWISE')).toContainText('Le numéro complet n’est jamais affiché\u202f: veuillez le saisir à nouveau.');
    await page.screenshot({ path: `${screens}/bank-edit-fr-FR.png` });

    await page.keyboard.press('Escape');
    const onButton = methods.maskedNumber(methods.button);
    await expect(onButton).toHaveText('FR•• •••• 0189');
    expect(await linesOf(onButton)).toBe(1);
  });
});
