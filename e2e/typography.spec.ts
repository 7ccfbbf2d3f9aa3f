import { test, expect } from './support/fixtures';
import { screensDir } from './support/screens';

// French and Japanese as a new customer reads them on a 360 px phone (docs/product.md, Typography
// of French and Japanese texts). The screenshots are kept for a person to look at
// (bench/results/customer-screens with SCREENSHOTS=1, support/screens.ts).
const screens = screensDir('customer-screens');

/** Emoji flags are pairs of regional indicator symbols: boxes where no colour-emoji font is installed. */
const emojiFlag = /[\u{1F1E6}-\u{1F1FF}]/u;

test.describe('French at 360 px', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 360, height: 780 } });

  test('no : ; ! ? can wrap alone onto a new line: each follows a narrow no-break space', async ({ page }) => {
    for (const path of ['/fr/faq', '/fr/how-it-works', '/fr/login', '/fr/signup']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const text = await page.locator('body').innerText();
      // A plain or no-break space before the mark is a place the browser may break the line.
      expect(text.match(/\S+[ \u00A0][:;!?](?=\s|$)/gu) ?? [], path).toEqual([]);
      expect(text.match(/\p{L}'\p{L}/gu) ?? [], `${path}: straight apostrophes`).toEqual([]);
    }
    // A long answer with a colon, open as a customer reads it.
    await page.goto('/fr/faq');
    const answer = page.getByTestId('faq-lost_label');
    await answer.locator('summary').click();
    await expect(answer).toContainText('rapportez quand même le contenant\u202F: il sera réutilisé');
    await answer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screens}/faq-answer-fr-FR.png` });
  });

  test('the country picker finds États-Unis from "etats" and shows shipped flags, not emoji', async ({ page }) => {
    await page.goto('/fr/countries');
    const box = page.getByRole('combobox', { name: 'Pays' });
    await box.click();
    const options = page.getByRole('option');
    await expect(options).toHaveCount(5);
    for (const option of await options.all()) {
      await expect(option.locator('svg')).toHaveCount(1);
      expect(await option.innerText()).not.toMatch(emojiFlag);
    }
    await page.screenshot({ path: `${screens}/country-picker-fr-FR.png` });
    await box.fill('etats');
    await expect(options).toHaveText([/États-Unis/]);
    await box.fill('Japan');
    await expect(options).toHaveText([/Japon/]);
  });
});

test.describe('Japanese at 360 px', () => {
  test.use({ locale: 'ja-JP', viewport: { width: 360, height: 780 } });

  test('the country picker finds フランス from "France" and 日本 from "Japon"', async ({ page }) => {
    await page.goto('/jp/countries');
    const box = page.getByRole('combobox', { name: '国' });
    await box.click();
    await expect(page.getByRole('option')).toHaveCount(5);
    await page.screenshot({ path: `${screens}/country-picker-ja-JP.png` });
    await box.fill('France');
    await expect(page.getByRole('option')).toHaveText([/フランス/]);
    await box.fill('Japon');
    await expect(page.getByRole('option')).toHaveText([/日本/]);
    await box.fill('ふらんす');
    await expect(page.getByRole('option')).toHaveText([/フランス/]);
  });

  test('running text has no half-width colon, and a long answer reads at 360 px', async ({ page }) => {
    for (const path of ['/jp/faq', '/jp/how-it-works', '/jp/privacy-policy']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const text = await page.locator('body').innerText();
      expect(text.match(/[\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Han}）]: ?/gu) ?? [], path).toEqual([]);
    }
    await page.goto('/jp/faq');
    const answer = page.getByTestId('faq-lost_label');
    await answer.locator('summary').click();
    await answer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screens}/faq-answer-ja-JP.png` });
  });
});
