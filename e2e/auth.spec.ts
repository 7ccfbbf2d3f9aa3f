import type { Page } from '@playwright/test';
import { test, expect, signIn, signUpViaApi, demo, demoPassword, uniqueEmail, notification } from './support/fixtures';
import { mailedLink, verificationCode } from './support/mail';
import { messages, type Lang } from './support/texts';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function storedState(page: Page) {
  return page.evaluate(async () => {
    const rows = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('roundtrip');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('kv')) {
          db.close();
          resolve(0);
          return;
        }
        const count = db.transaction('kv').objectStore('kv').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
        count.onerror = () => reject(count.error);
      };
    });
    return { cookies: document.cookie, rows, expiresAt: localStorage.getItem('token_expires_at') };
  });
}

test('sign up → code from the mail → verified → sign out → log in → menu → sign out', async ({ page, context }) => {
  const email = uniqueEmail('journey');
  const password = 'a long enough secret';
  const started = Date.now();

  await page.goto('/signup');
  await page.getByLabel('Name').fill('Robin Test');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Zip code').fill('10001');
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/user\/verify-email$/);
  await expect(page.getByText(`We sent a 4-digit code to ${email}.`)).toBeVisible();
  const code = await verificationCode(email, started);

  const codeField = page.getByLabel('Verification code');
  await codeField.fill('12');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(messages.enterFourDigits.en)).toBeVisible();
  await expect(codeField).toBeFocused();
  await codeField.fill(code === '0000' ? '0001' : '0000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(messages.codeNotRecognised.en)).toBeVisible();

  await codeField.fill(code);
  await codeField.press('Enter');
  await expect(page).toHaveURL(/\/thank-you\?reason=email-verified$/);
  await expect(notification(page).filter({ hasText: 'Your email address is verified.' })).toBeVisible();

  // Sign out: cookies, the persisted cache and IndexedDB are empty, the page reloads at /.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /My account \(Robin Test\)/ }).click();
  await Promise.all([page.waitForEvent('load'), nav.getByRole('button', { name: 'Sign out' }).click()]);
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await context.cookies()).toEqual([]);
  expect(await storedState(page)).toEqual({ cookies: '', rows: 0, expiresAt: null });

  // Log in again with the new account.
  await nav.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/user\/account$/);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['refreshToken', 'token']);
  const lifetime = (name: string) => cookies.find((cookie) => cookie.name === name)!.expires * 1000 - Date.now();
  // The access cookie lives as long as the access token (15 minutes), the refresh cookie as long as
  // the refresh token (30 days), give or take the test's own time.
  expect(lifetime('token')).toBeGreaterThan(880_000);
  expect(lifetime('token')).toBeLessThanOrEqual(900_000);
  expect(lifetime('refreshToken')).toBeGreaterThan(30 * 86_400_000 - 60_000);
  expect(lifetime('refreshToken')).toBeLessThanOrEqual(30 * 86_400_000);
  const signedInWith = cookies.find((cookie) => cookie.name === 'token')!.value;
  await expect.poll(async () => (await storedState(page)).rows).toBe(1);

  await nav.getByRole('button', { name: /My account/ }).click();
  await nav.getByRole('link', { name: 'Profile page' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await nav.getByRole('button', { name: /My account/ }).click();
  await Promise.all([page.waitForEvent('load'), nav.getByRole('button', { name: 'Sign out' }).click()]);
  await expect(page).toHaveURL(/\/$/);
  expect(await context.cookies()).toEqual([]);
  expect(await storedState(page)).toEqual({ cookies: '', rows: 0, expiresAt: null });
  // The session ended on the server too: a copy of its token opens nothing.
  expect((await page.request.get('/api/v2/user', { headers: { authorization: `Bearer ${signedInWith}` } })).status()).toBe(401);

  // A signed-in visitor on login is sent to /; a guest is not.
  await page.goto('/login');
  await expect(h1(page)).toHaveText('Log in');
});

test('mailed link: a bad code goes to verification-error, resend, then the good link verifies', async ({ page, context, request }) => {
  const email = uniqueEmail('link');
  const started = Date.now();
  await signUpViaApi(request, { email, country: 'fr' });
  const good = await mailedLink(email, 'verif', /http:\/\/\S+\/fr\/user\/verify-email\?code=\d{4}/, started);
  await signIn(context, request, email, 'correct horse 1');

  const code = good.searchParams.get('code')!;
  await page.goto(`/fr/user/verify-email?code=${code === '0000' ? '0001' : '0000'}`);
  await expect(page).toHaveURL(/\/fr\/user\/verification-error$/);
  await expect(h1(page)).toHaveText('Erreur de vérification');

  const resentAfter = Date.now();
  await page.getByRole('button', { name: 'Envoyez-moi un nouveau code' }).click();
  const sent = notification(page).filter({ hasText: 'Un nouveau code a été envoyé à votre adresse e-mail.' });
  await expect(sent).toBeVisible();
  await expect(sent).toHaveAttribute('data-kind', 'success');
  await expect(sent).toContainText('Succès');
  await expect(page).toHaveURL(/\/fr\/user\/verify-email$/);
  // Success messages stay 5 s (longer than an error's 3 s), then go.
  await page.waitForTimeout(3_500);
  await expect(sent).toBeVisible();
  await expect(sent).toBeHidden({ timeout: 2_500 });

  const fresh = await mailedLink(email, 'verif', /http:\/\/\S+\/fr\/user\/verify-email\?code=\d{4}/, resentAfter);
  await page.goto(`${fresh.pathname}${fresh.search}`);
  await expect(page).toHaveURL(/\/fr\/thank-you\?reason=email-verified$/);
  await expect(page.getByText('Votre adresse e-mail est vérifiée. Vous pouvez maintenant')).toBeVisible();

});

test('resend failure shows sww as an error for 3 s', async ({ page, context, request }) => {
  await signIn(context, request, demo.us);
  await page.route('**/api/v2/user/verification', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: { code: 'TOO_MANY_CODES', message: 'x' } }) }),
  );
  await page.goto('/user/verification-error');
  await page.getByRole('button', { name: 'Send me a new code' }).click();
  const error = notification(page).filter({ hasText: 'Something went wrong' });
  await expect(error).toHaveAttribute('data-kind', 'error');
  await expect(error).toContainText('Error');
  await expect(page.getByRole('alert')).toContainText('Something went wrong');
  await page.waitForTimeout(2_000);
  await expect(error).toBeVisible();
  await expect(error).toBeHidden({ timeout: 2_000 });
  await expect(page).toHaveURL(/\/user\/verification-error$/);
});

test('forgot password: both steps, the mailed link, the new password, the used link', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await signUpViaApi(request, { email, country: 'jp' });
  await page.goto('/jp/login');
  await page.getByRole('button', { name: 'パスワードをお忘れですか？' }).click();
  const dialog = page.getByRole('dialog', { name: 'パスワードをお忘れですか？' });
  const field = dialog.getByLabel('メールアドレス');
  await expect(field).toBeFocused();
  await dialog.getByRole('button', { name: 'リンクを送信' }).click();
  await expect(dialog.getByText(messages.enterValidEmail.ja, { exact: true })).toBeVisible();
  await field.fill('not-an-email');
  await dialog.getByRole('button', { name: 'リンクを送信' }).click();
  await expect(dialog.getByText(messages.emailInputError.ja, { exact: true })).toBeVisible();

  await field.fill('typo@roundtrip.example');
  await dialog.getByRole('button', { name: 'リンクを送信' }).click();
  const sent = page.getByRole('dialog', { name: '受信トレイをご確認ください' });
  await expect(sent).toContainText('typo@roundtrip.example');
  await expect(notification(page).filter({ hasText: 'パスワード再設定用のメールをお送りしました。' })).toBeVisible();
  await expect(sent.getByText('typo@roundtrip.example')).toBeFocused();
  await sent.getByRole('button', { name: 'メールアドレスを間違えましたか？もう一度入力する' }).click();
  await expect(dialog.getByLabel('メールアドレス')).toHaveValue('typo@roundtrip.example');
  await expect(dialog.getByLabel('メールアドレス')).toBeFocused();

  const asked = Date.now();
  await dialog.getByLabel('メールアドレス').fill(email);
  await dialog.getByRole('button', { name: 'リンクを送信' }).click();
  await expect(sent).toContainText(email);
  await sent.getByRole('button', { name: '完了' }).click();
  await expect(sent).toBeHidden();

  const link = await mailedLink(email, 'reset', /http:\/\/\S+\/jp\/reset-password\?token=\S+/, asked);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(h1(page)).toHaveText('パスワードの再設定');
  const save = page.getByRole('button', { name: '新しいパスワードを保存' });
  await save.click();
  await expect(page.getByText(messages.enterValidPsw.ja)).toBeVisible();
  await page.getByLabel('新しいパスワード', { exact: true }).fill('short');
  await save.click();
  await expect(page.getByText(messages.passwordTooShort.ja)).toBeVisible();
  await page.getByLabel('新しいパスワード', { exact: true }).fill('brand new secret');
  await page.getByLabel('新しいパスワード（確認）').fill('brand new secrets');
  await save.click();
  await expect(page.getByText(messages.passwordsDoNotMatch.ja)).toBeVisible();
  await page.getByLabel('新しいパスワード（確認）').fill('brand new secret');
  await save.click();
  await expect(page).toHaveURL(/\/jp\/login$/);
  await expect(notification(page).filter({ hasText: 'パスワードを更新しました。' })).toBeVisible();

  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill('brand new secret');
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/jp\/user\/account$/);

  // The same link a second time.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('新しいパスワード', { exact: true }).fill('another secret 2');
  await page.getByLabel('新しいパスワード（確認）').fill('another secret 2');
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: messages.linkUsed.ja })).toBeVisible();
});

for (const lang of ['en', 'fr', 'ja'] as const satisfies readonly Lang[]) {
  test(`every sign-in validation message in ${lang}`, async ({ page }) => {
    const locale = { en: 'en-US', fr: 'fr-FR', ja: 'ja-JP' }[lang];
    const labels = {
      en: { email: 'Email', password: 'Password', login: 'Log in', signup: 'Sign up', newPassword: 'New password', confirm: 'Confirm the new password', save: 'Save my new password' },
      fr: { email: 'Adresse e-mail', password: 'Mot de passe', login: 'Se connecter', signup: "S'inscrire", newPassword: 'Nouveau mot de passe', confirm: 'Confirmez le nouveau mot de passe', save: 'Enregistrer mon nouveau mot de passe' },
      ja: { email: 'メールアドレス', password: 'パスワード', login: 'ログイン', signup: '新規登録', newPassword: '新しいパスワード', confirm: '新しいパスワード（確認）', save: '新しいパスワードを保存' },
    }[lang];
    let tokenCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v2/oauth/token')) tokenCalls += 1;
    });

    // Login: both fields required, no call made.
    await page.goto(`/login?locale=${locale}`);
    await page.getByRole('button', { name: labels.login, exact: true }).click();
    await expect(page.getByText(messages.enterValidEmail[lang])).toBeVisible();
    await expect(page.getByText(messages.enterValidPsw[lang])).toBeVisible();
    await expect(page.getByLabel(labels.email)).toBeFocused();
    await page.getByLabel(labels.email).fill('someone@roundtrip.example');
    await page.getByRole('button', { name: labels.login, exact: true }).click();
    await expect(page.getByText(messages.enterValidEmail[lang])).toBeHidden();
    await expect(page.getByText(messages.enterValidPsw[lang])).toBeVisible();
    expect(tokenCalls).toBe(0);

    // Login failure: error notification with the loginFailedMessage title and the loginFailed description.
    await page.getByLabel(labels.password, { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: labels.login, exact: true }).click();
    const failed = notification(page).filter({ hasText: messages.loginFailed[lang] });
    await expect(failed).toContainText(messages.loginFailedTitle[lang]);
    await expect(failed).toHaveAttribute('data-kind', 'error');
    expect(tokenCalls).toBe(1);

    // Sign-up: every field, the terms (over 16 included).
    await page.goto(`/signup?locale=${locale}`);
    await page.getByRole('button', { name: labels.signup, exact: true }).click();
    await expect(page.getByText(messages.required[lang])).toBeVisible();
    await expect(page.getByText(messages.enterValidEmail[lang])).toBeVisible();
    await expect(page.getByText(messages.enterValidPsw[lang])).toBeVisible();
    await expect(page.getByText(messages.zipCodeTooShort[lang])).toBeVisible();
    await expect(page.getByText(messages.acceptTerms[lang])).toBeVisible();
    await page.getByLabel(labels.email).fill('nope');
    await page.getByLabel(labels.password, { exact: true }).fill('short');
    await page.getByRole('button', { name: labels.signup, exact: true }).click();
    await expect(page.getByText(messages.emailInputError[lang])).toBeVisible();
    await expect(page.getByText(messages.passwordTooShort[lang])).toBeVisible();

    // Reset password: length and confirmation, checked before any call.
    await page.goto(`/reset-password?token=not-checked-yet&locale=${locale}`);
    await page.getByLabel(labels.newPassword, { exact: true }).fill('long enough 1');
    await page.getByLabel(labels.confirm).fill('long enough 2');
    await page.getByRole('button', { name: labels.save }).click();
    await expect(page.getByText(messages.passwordsDoNotMatch[lang])).toBeVisible();
  });
}

test('the verify-email code must be 4 digits, in French and Japanese too', async ({ page, context, request }) => {
  const email = uniqueEmail('digits');
  await signUpViaApi(request, { email, country: 'fr' });
  await signIn(context, request, email, 'correct horse 1');
  for (const [locale, lang, label, button] of [
    ['fr-FR', 'fr', 'Code de vérification', 'Vérifier'],
    ['ja-JP', 'ja', '確認コード', '確認する'],
  ] as const) {
    await page.goto(`/user/verify-email?locale=${locale}`);
    await page.getByLabel(label).fill('123');
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByText(messages.enterFourDigits[lang])).toBeVisible();
  }
});

test('login: button disabled while loading, then back to the page asked for', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v2/oauth/token', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/uk/user/withdraw');
  await expect(page).toHaveURL(/\/uk\/login\?redirect=/);
  await page.getByLabel('Email').fill(demo.uk);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/uk\/user\/withdraw$/);
  await expect(h1(page)).toHaveText('Withdraw');
  // A signed-in visitor on login is sent to /.
  await page.goto('/uk/login');
  await expect(page).toHaveURL(/\/uk$/);
});

test('a user that cannot be fetched after login clears the session silently', async ({ page, context }) => {
  await page.route('**/api/v2/user', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'no' } }) }),
  );
  await page.goto('/login');
  await page.getByLabel('Email').fill(demo.ca);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await expect.poll(async () => (await context.cookies()).length).toBe(0);
  await expect(page).toHaveURL(/\/login$/);
  await expect(notification(page)).toHaveCount(0);
});

test('an expired access token is renewed once with the refresh token, for parallel requests', async ({ page, context, request }) => {
  const tokens = await signIn(context, request, demo.us);
  let refreshes = 0;
  let rejected = 0;
  await page.route('**/api/v2/oauth/token', async (route) => {
    if (route.request().postDataJSON().grant_type === 'refresh_token') refreshes += 1;
    await route.continue();
  });
  await page.route('**/api/v2/user', async (route) => {
    // The first token is refused as if it had expired on the server.
    if (route.request().headers().authorization === `Bearer ${tokens.access_token}`) {
      rejected += 1;
      await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'expired' } }) });
      return;
    }
    await route.continue();
  });
  await page.goto('/user/account');
  await expect(page.getByText(`Signed in as ${demo.us}.`)).toBeVisible();
  expect(rejected).toBeGreaterThanOrEqual(1);
  expect(refreshes).toBe(1);
  const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]));
  expect(cookies.token).not.toBe(tokens.access_token);
  expect(cookies.refreshToken).not.toBe(tokens.refresh_token);
});

test('a token about to expire is renewed before the request leaves', async ({ page, context, request }) => {
  const tokens = await signIn(context, request, demo.ca);
  await page.addInitScript(() => localStorage.setItem('token_expires_at', String(Date.now() + 20_000)));
  const bearers: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v2/user')) bearers.push(r.headers().authorization ?? '');
  });
  await page.goto('/ca/user/account');
  await expect(page.getByText(`Signed in as ${demo.ca}.`)).toBeVisible();
  expect(bearers.length).toBeGreaterThan(0);
  expect(bearers).not.toContain(`Bearer ${tokens.access_token}`);
});

test('forgot password: a server message shows under the field with an sww notification', async ({ page }) => {
  await page.route('**/api/v2/user/reset_password', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Trop de tentatives. Veuillez réessayer plus tard.' } }),
    }),
  );
  await page.goto('/fr/login');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Adresse e-mail').fill('someone@roundtrip.example');
  await dialog.getByRole('button', { name: 'Envoyez-moi un lien' }).click();
  await expect(dialog.getByText('Trop de tentatives. Veuillez réessayer plus tard.')).toBeVisible();
  await expect(dialog.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
  const sww = notification(page).filter({ hasText: "Une erreur s'est produite" });
  await expect(sww).toHaveAttribute('data-kind', 'error');
  await expect(sww).toContainText('Erreur');
});
