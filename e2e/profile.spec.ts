import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, notification, signIn, signUpViaApi, tokensFor, uniqueEmail } from './support/fixtures';
import { e2ePassword } from './support/test-password';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const section = (page: Page, name: string) => page.getByRole('region', { name });

test('edit personal data: saved, kept after a reload; email and zip code need customer care; verification with resend', async ({
  page,
  context,
  request,
}) => {
  const email = uniqueEmail('profile');
  await signUpViaApi(request, { email, country: 'us' });
  await signIn(context, request, email, e2ePassword);

  await page.goto('/us/user/profile');
  await expect(h1(page)).toHaveText('My details and password');
  const personal = section(page, 'Personal data');
  await expect(personal.getByLabel('Name')).toHaveValue('E2E Person');
  await expect(personal.getByLabel('Email')).toHaveValue(email);
  await expect(personal.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(personal.getByText('To change your email address, please contact customer care.')).toBeVisible();
  await expect(personal.getByLabel('Zip code')).toHaveValue('10001');
  await expect(personal.getByLabel('Zip code')).toHaveAttribute('readonly', '');
  await expect(personal.getByText('To change your zip code, please contact customer care.')).toBeVisible();
  await expectAccessible(page, '/us/user/profile');

  // A blank name is caught before anything is sent, and focused.
  await personal.getByLabel('Name').fill('  ');
  await personal.getByRole('button', { name: 'Save my personal data' }).click();
  await expect(personal.getByText('This field is required.')).toBeVisible();
  await expect(personal.getByLabel('Name')).toBeFocused();
  await expectAccessible(page, 'profile with a field error');

  await personal.getByLabel('Name').fill('Robin Profile');
  await personal.getByLabel('Address').fill('12 Alder Street');
  await personal.getByLabel('City').fill('Portland');
  await personal.getByLabel('State').fill('OR');
  await personal.getByRole('button', { name: 'Save my personal data' }).click();
  await expect(notification(page).filter({ hasText: 'Your personal data has been saved.' })).toBeVisible();
  // The menu shows the new name at once (the cached user was replaced).
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'My account (Robin Profile)' })).toBeVisible();

  await page.reload();
  await expect(section(page, 'Personal data').getByLabel('Address')).toHaveValue('12 Alder Street');
  await expect(section(page, 'Personal data').getByLabel('City')).toHaveValue('Portland');
  const tokens = await tokensFor(request, email, e2ePassword);
  const saved = await request.get('/api/v2/user', { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect((await saved.json()).data).toMatchObject({
    name: 'Robin Profile',
    address: '12 Alder Street',
    city: 'Portland',
    state: 'OR',
    zip_code: '10001',
  });

  // Not verified yet: the resend button mails a new code and opens the code page.
  const verification = section(page, 'Email verification');
  await expect(verification.getByText(`Your email address ${email} is not verified yet.`)).toBeVisible();
  await verification.getByRole('button', { name: 'Resend code' }).click();
  await expect(notification(page).filter({ hasText: 'A new code has been sent to your email.' })).toBeVisible();
  await expect(page).toHaveURL(/\/us\/user\/verify-email$/);
});

test('a market with post codes says so, in French', async ({ page, context, request }) => {
  const email = uniqueEmail('profile-fr');
  await signUpViaApi(request, { email, country: 'fr' });
  await signIn(context, request, email, e2ePassword);
  await page.goto('/fr/user/profile');
  await expect(h1(page)).toHaveText('Mes informations et mot de passe');
  const personal = section(page, 'Données personnelles');
  await expect(personal.getByLabel('Code postal')).toHaveValue('75001');
  await expect(personal.getByText('Pour modifier votre code postal, veuillez contacter le service client.')).toBeVisible();
  await expectAccessible(page, '/fr/user/profile');
});

test('change the password: wrong current one, mismatch, then updated, and the new one logs in', async ({ page, context, request }) => {
  const email = uniqueEmail('password');
  await signUpViaApi(request, { email, country: 'us' });
  await signIn(context, request, email, e2ePassword);
  await page.goto('/us/user/profile');
  const form = section(page, 'Change password');

  await form.getByLabel('Current password').fill('not the password');
  await form.getByLabel('New password', { exact: true }).fill('a brand new secret');
  await form.getByLabel('Confirm the new password').fill('a brand new secrex');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await expect(form.getByLabel('Confirm the new password')).toBeFocused();

  await form.getByLabel('Confirm the new password').fill('a brand new secret');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Current password is incorrect')).toBeVisible();
  await expect(form.getByLabel('Current password')).toBeFocused();
  await expectAccessible(page, 'change password with an error');

  await form.getByLabel('Current password').fill(e2ePassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(notification(page).filter({ hasText: 'Your password has been updated.' })).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');

  // Sign out, then in with the new password through the login page; the old one no longer works.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /My account/ }).click();
  await Promise.all([page.waitForEvent('load'), nav.getByRole('button', { name: 'Log out' }).click()]);
  await page.goto('/us/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(e2ePassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('form').getByRole('alert').filter({ hasText: 'The email or password is incorrect.' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('a brand new secret');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/us\/user\/account$/);
  await expect(page.getByText(`Logged in as ${email}.`)).toBeVisible();
});
