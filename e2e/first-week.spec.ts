import type { Page } from '@playwright/test';
import { test, expect, demo, demoPassword, notification, signIn, signUpViaApi, uniqueEmail } from './support/fixtures';
import { mailedLink } from './support/mail';
import { LoginPage } from './support/pages/login-page';
import { PaymentMethodDialog } from './support/pages/payment-method-dialog';
import { ResetPasswordPage } from './support/pages/reset-password-page';
import { SignUpPage } from './support/pages/sign-up-page';
import type { Lang, Wording } from './support/texts';
import { e2ePassword } from './support/test-password';
import { screensDir } from './support/screens';

// What a new customer meets in the first week, at 360 px in French (France's and Quebec's) and
// Japanese: sign-in, the password reset, the menus and the first visit. Each screen is kept as a screenshot for a person
// to look at (bench/results/customer-screens with SCREENSHOTS=1, support/screens.ts).

const screens = screensDir('customer-screens');
// Canada in French is a French browser on /ca/: the app answers in Quebec's words.
const locales = [
  { lang: 'fr', wording: 'fr', locale: 'fr-FR', prefix: '/fr', country: 'fr' },
  { lang: 'fr', wording: 'fr-CA', locale: 'fr-CA', prefix: '/ca', country: 'ca' },
  { lang: 'ja', wording: 'ja', locale: 'ja-JP', prefix: '/jp', country: 'jp' },
] as const satisfies readonly { lang: Lang; wording: Wording; locale: string; prefix: string; country: 'fr' | 'ca' | 'jp' }[];
type Locale = (typeof locales)[number]['locale'];

const french = {
  loginFailed: 'Échec de la connexion',
  wrongPassword: 'L’adresse e-mail ou le mot de passe est incorrect.',
  linkUsed: 'Ce lien a déjà servi à choisir un nouveau mot de passe. Chaque lien ne fonctionne qu’une fois.',
  newLink: 'Envoyez-moi un nouveau lien',
  newLinkSent: 'Un nouveau lien est en route vers l’adresse e-mail à laquelle ce lien avait été envoyé. Il est valable une heure.',
  menu: 'Menu',
  main: 'Principale',
  accountMenu: /^Mon compte/,
  balance: 'Solde et historique',
  scan: 'Scanner des contenants',
  profile: 'Mes informations et mot de passe',
  map: 'Points de retour',
  cookies: 'Paramètres des cookies',
  rejectAll: 'Tout refuser',
  installSteps: /^Pour installer Roundtrip/,
  news: 'Nouvelles',
};

const words = {
  'fr-FR': french,
  'fr-CA': {
    ...french,
    wrongPassword: 'L’adresse courriel ou le mot de passe est incorrect.',
    newLinkSent: 'Un nouveau lien est en route vers l’adresse courriel à laquelle ce lien avait été envoyé. Il est valable une heure.',
  },
  'ja-JP': {
    loginFailed: 'ログインできませんでした',
    wrongPassword: 'メールアドレスまたはパスワードが正しくありません。',
    linkUsed: 'このリンクは新しいパスワードの設定にすでに使用されています。リンクは1回のみ使用できます。',
    newLink: '新しいリンクを送信',
    newLinkSent: 'このリンクをお送りしたメールアドレスに、新しいリンクをお送りしています。有効期限は1時間です。',
    menu: 'メニュー',
    main: 'メイン',
    accountMenu: /^マイアカウント/,
    balance: '残高と履歴',
    scan: '容器をスキャン',
    profile: '登録情報とパスワード',
    map: '返却場所',
    cookies: 'Cookie 設定',
    rejectAll: 'すべて拒否',
    installSteps: /^Roundtrip をインストールするには/,
    news: 'お知らせ',
  },
} satisfies Record<Locale, Record<string, string | RegExp>>;

async function keepScreenshot(page: Page, name: string, locale: string) {
  await page.screenshot({ path: `${screens}/${name}-${locale}.png` });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
});

test('forgot password for an unknown address: one message, the dialog’s, and no toast saying a mail was sent', async ({ page }) => {
  const login = new LoginPage(page, 'fr');
  await login.goto('/fr/login');
  const forgot = await login.openForgotPassword();
  await forgot.requestLink(uniqueEmail('nobody'));
  await expect(forgot.sent).toContainText('Si un compte existe pour');
  await expect(notification(page)).toHaveCount(0);
  await expect(page.getByText('Nous vous avons envoyé un e-mail')).toHaveCount(0);
});

for (const { lang, wording, locale, prefix, country } of locales) {
  test.describe(locale, () => {
    // The browser speaks the locale's language: on /ca/ that is what makes the app French.
    test.use({ locale });

    test(`a failed login is said in the form, focused, and stays until the next try (${locale})`, async ({ page }) => {
      const login = new LoginPage(page, wording);
      await login.goto(`${prefix}/login`);
      await login.logIn(demo[country], 'not the password');
      const failure = page.locator('form').getByRole('alert');
      await expect(failure).toContainText(words[locale].loginFailed);
      await expect(failure).toContainText(words[locale].wrongPassword);
      await expect(failure).toBeFocused();
      // No timed notification covering the heading: the message is the form's and does not go away by itself.
      await expect(notification(page)).toHaveCount(0);
      await expect(login.heading).toBeVisible();
      await keepScreenshot(page, 'login-error', locale);
      // The next try clears it.
      await login.password.fill(demoPassword);
      await login.submit();
      await expect(page).toHaveURL(new RegExp(`${prefix}/user/account$`));
      await expect(failure).toHaveCount(0);
    });

    test(`a used reset link says so as the page opens, and sends a new link with one button (${locale})`, async ({ page, request }) => {
      const email = uniqueEmail(`used-${lang}`);
      await signUpViaApi(request, { email, country, locale });
      const asked = Date.now();
      expect((await request.post('/api/v2/user/reset_password', { data: { email } })).status()).toBe(200);
      const link = await mailedLink(email, 'reset', /http:\/\/\S+\/reset-password\?token=\S+/, asked);
      const token = link.searchParams.get('token') ?? '';
      const used = await request.put('/api/v2/user/reset_password', {
        data: { token, password: 'brand new secret', password_confirmation: 'brand new secret' },
      });
      expect(used.status()).toBe(200);

      const reset = new ResetPasswordPage(page, lang);
      await reset.open(`${prefix}/reset-password?token=${token}`);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(words[locale].linkUsed);
      // Nobody types a password twice to learn it.
      await expect(reset.newPassword).toHaveCount(0);
      await keepScreenshot(page, 'reset-used-link', locale);

      const renewed = Date.now();
      await page.getByRole('button', { name: words[locale].newLink }).click();
      await expect(page.getByRole('status').filter({ hasText: words[locale].newLinkSent })).toBeFocused();
      // A mail's date has whole seconds, so the first link's mail can still pass as sent after the
      // click: the new link is the newest mail that brings another token.
      let fresh = link;
      await expect
        .poll(async () => {
          fresh = await mailedLink(email, 'reset', /http:\/\/\S+\/reset-password\?token=\S+/, renewed);
          return fresh.searchParams.get('token');
        })
        .not.toBe(token);
      await reset.open(fresh);
      await expect(reset.newPassword).toBeVisible();
    });

    test(`the menus lead to the map for everyone, and to the scanner with one entry per page once signed in (${locale})`, async ({
      page,
      context,
      request,
    }) => {
      await page.goto(`${prefix}/`);
      const nav = page.getByRole('navigation', { name: words[locale].main });
      await nav.getByRole('button', { name: words[locale].menu }).click();
      await expect(nav.getByRole('link', { name: words[locale].map })).toBeVisible();

      // A new account of the locale: Canada's demo customer reads English.
      const email = uniqueEmail(`menus-${lang}`);
      await signUpViaApi(request, { email, country, locale });
      await signIn(context, request, email, e2ePassword);
      await page.goto(`${prefix}/user/account`);
      await nav.getByRole('button', { name: words[locale].menu }).click();
      await nav.getByRole('button', { name: words[locale].accountMenu }).click();
      const menuLinks = nav.locator('.user-menu__list').getByRole('link');
      await expect(menuLinks).toHaveText([words[locale].balance, words[locale].scan, words[locale].news, words[locale].profile]);
      await keepScreenshot(page, 'menu-open', locale);
      await nav.getByRole('link', { name: words[locale].scan }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/user/scan$`));
    });
  });
}

test.describe('Canada in French', () => {
  test.use({ locale: 'fr-CA' });

  test('a French browser on /ca/ signs up in Quebec’s words, in Canada in French (fr-CA)', async ({ page }) => {
    await page.goto('/ca/signup');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('S’inscrire');
    const form = page.getByRole('main');
    await expect(form.getByLabel('Adresse courriel', { exact: true })).toBeVisible();
    await expect(form.getByLabel('Code postal')).toBeVisible();
    await expect(form.getByLabel('Pays et langue')).toHaveValue('fr-CA');
    await expect(form.getByText(/e-mail/i)).toHaveCount(0);
    await keepScreenshot(page, 'signup', 'fr-CA');
  });

  test('money reads as Quebec writes it, 0,00 $ and never $CA, and the address asks for the province (fr-CA)', async ({
    page,
    context,
    request,
  }) => {
    const email = uniqueEmail('money-fr-ca');
    await signUpViaApi(request, { email, country: 'ca', locale: 'fr-CA' });
    await signIn(context, request, email, e2ePassword);
    await page.goto('/ca/user/account');
    const main = page.getByRole('main');
    await expect(main).toContainText(/0,00\u00a0\$/);
    await expect(main).not.toContainText('$CA');
    await expect(main).not.toContainText('CA$');

    await page.goto('/ca/user/profile');
    await expect(page.getByRole('main').getByLabel('Province')).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Code postal')).toBeVisible();
    await keepScreenshot(page, 'profile', 'fr-CA');
  });
});

test('the password rule is a hint under the field from the start, and red only when a save breaks it (fr-FR)', async ({
  page,
  context,
  request,
}) => {
  const hintOf = (field: import('@playwright/test').Locator) =>
    field.evaluate((input) => {
      const hint = document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
      return { text: hint?.textContent ?? '', color: hint ? getComputedStyle(hint).color : '' };
    });
  const signUp = new SignUpPage(page, 'fr');
  await signUp.goto('/fr/signup');
  const before = await hintOf(signUp.password);
  expect(before.text).toBe('Au moins 8 caractères.');
  await signUp.password.fill('court');
  await signUp.submit();
  const tooShort = page.getByText('Votre mot de passe doit contenir au moins 8 caractères.');
  await expect(tooShort).toBeVisible();
  const errorColor = await tooShort.evaluate((element) => getComputedStyle(element).color);
  expect(before.color).not.toBe(errorColor);
  expect((await hintOf(signUp.password)).color).toBe(before.color);

  const email = uniqueEmail('hint');
  await signUpViaApi(request, { email, country: 'fr' });
  await signIn(context, request, email, e2ePassword);
  await page.goto('/fr/user/profile');
  const newPassword = page.getByLabel('Nouveau mot de passe', { exact: true });
  expect((await hintOf(newPassword)).text).toBe('Au moins 8 caractères.');
});

test.describe('first visit', () => {
  test.use({
    consent: 'none',
    // iPhone Safari: the install offer shows its steps without waiting for a browser prompt.
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  for (const { locale, prefix } of locales) {
    test.describe(locale, () => {
      test.use({ locale });

      test(`the install offer waits for the cookie choice instead of stacking with it (${locale})`, async ({ page }) => {
        // A page the app draws itself (not prerendered): once its heading shows, the shell and its offers are there.
        await page.goto(`${prefix}/products`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const banner = page.getByRole('region', { name: words[locale].cookies });
        await expect(banner).toBeVisible();
        await expect(page.getByTestId('install-offer')).toHaveCount(0);
        await keepScreenshot(page, 'first-visit', locale);

        await banner.getByRole('button', { name: words[locale].rejectAll }).click();
        await expect(banner).toBeHidden();
        await expect(page.getByTestId('install-offer')).toContainText(words[locale].installSteps);
        await keepScreenshot(page, 'first-visit-after-cookies', locale);
      });
    });
  }
});

test('each field’s error keeps a gap before the next field’s label, so it reads as its field’s: the bank form (fr-FR)', async ({
  page,
  context,
  request,
}) => {
  const email = uniqueEmail('bank-gap');
  await signUpViaApi(request, { email, country: 'fr' });
  await signIn(context, request, email, e2ePassword);
  await page.goto('/fr/user/account');
  const methods = new PaymentMethodDialog(page);
  await methods.open();
  await methods
    .option('TRANSFERWISE')
    .getByRole('button', { name: /^Ajouter/ })
    .click();
  await methods.save('TRANSFERWISE', 'Enregistrer');
  const form = methods.form('TRANSFERWISE');
  await expect(form.locator('.field__error').first()).toBeVisible();
  const gaps = await form.evaluate((element) =>
    [...element.querySelectorAll('.field__error')].flatMap((error) => {
      const next = error.closest('.field')?.nextElementSibling?.querySelector('label');
      if (!next) return [];
      return [{ error: error.textContent, gap: next.getBoundingClientRect().top - error.getBoundingClientRect().bottom }];
    }),
  );
  expect(gaps.length).toBeGreaterThan(0);
  for (const { error, gap } of gaps) expect(gap, `${error}`).toBeGreaterThanOrEqual(12);
  await form.screenshot({ path: `${screens}/bank-form-errors-fr-FR.png` });
});

const withBritish = [...locales, { locale: 'en-GB', prefix: '/uk', country: 'uk' }] as const;

for (const { locale, prefix, country } of withBritish) {
  test(`a message never lies over the page’s heading or the strips under the navigation at 360 px (${locale})`, async ({
    page,
    context,
    request,
  }) => {
    const email = uniqueEmail(`toast-${country}`);
    await signUpViaApi(request, { email, country, locale });
    await signIn(context, request, email, e2ePassword);
    await page.goto(`${prefix}/user/profile`);
    // The personal-data download is told with a message.
    await page.locator('html[data-app-started="true"]').waitFor();
    await page.getByRole('button', { name: /JSON/ }).click();
    const message = notification(page).first();
    await expect(message).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    const boxes = await page.evaluate(() => {
      const box = (element: Element | null) => {
        const rect = element?.getBoundingClientRect();
        return rect && rect.height > 0 ? { top: rect.top, bottom: rect.bottom } : null;
      };
      return {
        message: box(document.querySelector('[data-testid="notification"]')),
        heading: box(document.querySelector('main h1')),
        strips: box(document.querySelector('.status-bars')),
      };
    });
    expect(boxes.message).not.toBeNull();
    for (const covered of [boxes.heading, boxes.strips]) {
      if (!covered || !boxes.message) continue;
      const overlaps = boxes.message.top < covered.bottom && covered.top < boxes.message.bottom;
      expect(overlaps, JSON.stringify(boxes)).toBe(false);
    }
    await keepScreenshot(page, 'profile-message', locale);
  });
}

test('「QRコード」 stays on one line on the scanner’s screen (ja-JP)', async ({ page, context, request }) => {
  const email = uniqueEmail('scan-qr-jp');
  await signUpViaApi(request, { email, country: 'jp' });
  await signIn(context, request, email, e2ePassword);
  await page.goto('/jp/user/scan');
  const mentions = page.getByRole('main').getByText(/QR\u2060コード/);
  await expect(mentions.first()).toBeVisible();
  await expect(page.getByRole('main').getByText(/QRコード/)).toHaveCount(0);
  await keepScreenshot(page, 'scan', 'ja-JP');
});
