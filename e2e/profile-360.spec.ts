import type { Locator, Page } from '@playwright/test';
import { test, expect, notification, signIn, signUpViaApi, uniqueEmail } from './support/fixtures';
import { e2ePassword } from './support/test-password';
import { screensDir } from './support/screens';

/** Kept for a person to look at (bench/results/customer-screens with SCREENSHOTS=1). */
const screens = screensDir('customer-screens');

// The profile page as a new customer meets it on a small phone, in the language each point was seen in.
test.use({ viewport: { width: 360, height: 780 } });
// Each test walks several saves on a real server; on a shared machine that takes longer than most.
test.slow();

const personalData = (page: Page, name: string) => page.getByRole('region', { name });

/** The lines a word is drawn on: more than one when the browser broke the word. */
async function linesOfWord(heading: Locator, word: RegExp): Promise<number> {
  return heading.evaluate((element, source) => {
    const text = element.firstChild;
    const match = new RegExp(source).exec(element.textContent ?? '');
    if (!text || !match) return 0;
    const range = document.createRange();
    range.setStart(text, match.index);
    range.setEnd(text, match.index + match[0].length);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  }, word.source);
}

test.describe('fr-FR', () => {
  test.use({ locale: 'fr-FR' });

  test('saving personal data shows one message, and no heading breaks inside "e-mail"', async ({ page, context, request }) => {
    const email = uniqueEmail('profile-fr-360');
    await signUpViaApi(request, { email, country: 'fr' });
    await signIn(context, request, email, e2ePassword);
    await page.goto('/fr/user/profile');
    const personal = personalData(page, 'Données personnelles');
    await personal.getByLabel('Adresse', { exact: true }).fill('12 rue des Lilas');
    await personal.getByLabel('Ville').fill('Paris');
    const save = personal.getByRole('button', { name: 'Enregistrer mes données personnelles' });
    const saved = notification(page).filter({ hasText: 'Vos données personnelles ont été enregistrées.' });
    // A phone's second tap, when the first seemed to do nothing: each save is answered, and one
    // message says so, not a stack of the same one.
    for (let tap = 0; tap < 2; tap += 1) {
      const answered = page.waitForResponse(
        (response) => response.url().endsWith('/api/v2/user') && response.request().method() === 'PATCH',
      );
      await save.click();
      expect((await answered).ok()).toBe(true);
      await expect(save).toBeEnabled();
      await expect(saved).toBeVisible();
    }
    await expect(saved).toHaveCount(1);
    await expect(notification(page)).toHaveCount(1);

    for (const name of [/^Vérification de l.adresse e.mail$/, /^Nouvelles par e.mail$/]) {
      const heading = page.getByRole('heading', { level: 2, name });
      await expect(heading).toBeVisible();
      expect(await linesOfWord(heading, /e.mail/), `${name}`).toBe(1);
    }
    await page.screenshot({ path: `${screens}/profile-fr-FR.png` });
  });
});

test.describe('ja-JP', () => {
  test.use({ locale: 'ja-JP' });

  test('the address runs in Japanese order: post code, prefecture, city, then street and building', async ({ page, context, request }) => {
    const email = uniqueEmail('profile-jp-360');
    await signUpViaApi(request, { email, country: 'jp' });
    await signIn(context, request, email, e2ePassword);
    await page.goto('/jp/user/profile');
    const personal = personalData(page, '個人情報');
    await expect(personal.getByLabel('郵便番号')).toHaveValue('100-0001');
    await expect(personal.locator('.field > label')).toHaveText([
      '氏名',
      'メールアドレス',
      '郵便番号',
      '都道府県',
      '市区町村',
      '番地・建物名',
    ]);

    await personal.getByLabel('都道府県').fill('東京都');
    await personal.getByLabel('市区町村').fill('千代田区');
    await personal.getByLabel('番地・建物名').fill('千代田1-1 ルームトリップビル3階');
    await personal.getByRole('button', { name: '個人情報を保存' }).click();
    await expect(notification(page)).toHaveCount(1);
    await page.reload();
    await expect(personalData(page, '個人情報').getByLabel('番地・建物名')).toHaveValue('千代田1-1 ルームトリップビル3階');
    await page.screenshot({ path: `${screens}/profile-ja-JP.png` });
  });
});

test.describe('en-US', () => {
  test('other languages keep the street first', async ({ page, context, request }) => {
    const email = uniqueEmail('profile-us-360');
    await signUpViaApi(request, { email, country: 'us' });
    await signIn(context, request, email, e2ePassword);
    await page.goto('/us/user/profile');
    await expect(personalData(page, 'Personal data').locator('.field > label')).toHaveText([
      'Name',
      'Email',
      'Address',
      'City',
      'State',
      'Zip code',
    ]);
  });
});
