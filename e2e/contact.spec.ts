import { test, expect, expectAccessible, uniqueEmail } from './support/fixtures';
import { waitForMail } from './support/mail';

const supportEmail = 'support@roundtrip.example';

test('sending the contact form lands on thank-you and mails support', async ({ page }) => {
  const sentAt = Date.now();
  const email = uniqueEmail('contact');
  const message = `Three bottles scanned on ${new Date(sentAt).toISOString()} are still pending. Reference ${email}.`;

  await page.goto('/us/contact-us');
  await page.getByLabel('Name').fill('Jordan Lee');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Topic').selectOption('returns');
  await page.getByLabel('Message', { exact: true }).fill(message);
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page).toHaveURL(/\/us\/thank-you\?reason=contact$/);
  await expect(page.getByTestId('thank-you-message')).toHaveText(
    'Your message has been sent. Customer care will answer you by email, usually within two working days.',
  );
  await expectAccessible(page, 'thank-you after contact');

  const mail = await waitForMail(supportEmail, 'contact', sentAt);
  expect(mail).toContain(message);
  expect(mail).toContain(`From: Jordan Lee <${email}>`);
  expect(mail).toContain('Answer in: en-US');
});

test('the contact form says what is wrong in the visitor’s language, with the keyboard alone', async ({ page }) => {
  await page.goto('/fr/contact-us');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(4);
  // Focus moves to the first field in error, so a screen reader hears what to fix.
  await expect(page.locator('#contact-name')).toBeFocused();
  await expect(page.locator('#contact-name-error')).toHaveText('Ce champ est obligatoire.');
  await expectAccessible(page, '/fr/contact-us with errors');

  await page.keyboard.type('Camille Martin');
  await page.keyboard.press('Tab');
  await page.keyboard.type('pas-une-adresse');
  await page.getByLabel('Votre message').fill('Bonjour');
  await page.getByRole('button', { name: 'Envoyer le message' }).press('Enter');
  await expect(page.locator('#contact-email-error')).toHaveText('Veuillez saisir une adresse e-mail valide.');
  await expect(page.locator('#contact-message-error')).toHaveText('Veuillez écrire au moins 10 caractères.');
  await expect(page).toHaveURL(/\/fr\/contact-us$/);

  await page.goto('/jp/contact-us');
  await page.getByRole('button', { name: 'メッセージを送信' }).click();
  await expect(page.locator('#contact-topic-error')).toHaveText('この項目は必須です。');
});
