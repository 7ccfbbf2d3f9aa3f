import { languageOf, type Language } from '../../domain/locales';
import type { CountryCode, SupportedLocale } from '../../domain/markets';

/** A rendered mail, ready for Mailer.send (which adds the recipient and kind). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function htmlPage(language: Language, paragraphs: string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>Roundtrip</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">',
    ...paragraphs.map((paragraph) => `<p>${paragraph}</p>`),
    '</body></html>',
  ].join('\n');
}

export interface VerificationMailInput {
  locale: SupportedLocale;
  name: string;
  code: string;
  publicUrl: string;
  countryCode: CountryCode;
}

const verificationTexts: Record<Language, { subject: (code: string) => string; hello: (name: string) => string; intro: string; link: string; expiry: string; ignore: string }> = {
  en: {
    subject: (code) => `Your Roundtrip code: ${code}`,
    hello: (name) => `Hello ${name},`,
    intro: 'Enter this code in the app to confirm your email address:',
    link: 'Or open this link:',
    expiry: 'The code works for 10 minutes.',
    ignore: 'If you did not create a Roundtrip account, you can ignore this mail.',
  },
  fr: {
    subject: (code) => `Votre code Roundtrip : ${code}`,
    hello: (name) => `Bonjour ${name},`,
    intro: 'Saisissez ce code dans l’application pour confirmer votre adresse e-mail :',
    link: 'Ou ouvrez ce lien :',
    expiry: 'Le code est valable 10 minutes.',
    ignore: 'Si vous n’avez pas créé de compte Roundtrip, ignorez ce message.',
  },
  ja: {
    subject: (code) => `Roundtrip の確認コード: ${code}`,
    hello: (name) => `${name} 様`,
    intro: 'メールアドレスを確認するには、アプリでこのコードを入力してください:',
    link: 'または、こちらのリンクを開いてください:',
    expiry: 'コードの有効期限は10分です。',
    ignore: 'Roundtrip のアカウントを作成していない場合は、このメールを無視してください。',
  },
};

/** The 4-digit code, and a link that opens the verify-email page with it filled in. */
export function verificationMail(input: VerificationMailInput): MailContent {
  const language = languageOf(input.locale);
  const t = verificationTexts[language];
  const link = `${input.publicUrl}/${input.countryCode}/user/verify-email?code=${input.code}`;
  return {
    subject: t.subject(input.code),
    text: [t.hello(input.name), '', t.intro, '', `    ${input.code}`, '', t.link, link, '', t.expiry, t.ignore, ''].join('\n'),
    html: htmlPage(language, [
      escapeHtml(t.hello(input.name)),
      escapeHtml(t.intro),
      `<strong style="font-size: 28px; letter-spacing: 6px;">${input.code}</strong>`,
      `${escapeHtml(t.link)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      `${escapeHtml(t.expiry)} ${escapeHtml(t.ignore)}`,
    ]),
  };
}

export interface ResetPasswordMailInput {
  locale: SupportedLocale;
  name: string;
  token: string;
  publicUrl: string;
  countryCode: CountryCode;
}

const resetTexts: Record<Language, { subject: string; hello: (name: string) => string; intro: string; expiry: string; ignore: string }> = {
  en: {
    subject: 'Reset your Roundtrip password',
    hello: (name) => `Hello ${name},`,
    intro: 'Open this link to choose a new password:',
    expiry: 'The link works once, for one hour.',
    ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Roundtrip',
    hello: (name) => `Bonjour ${name},`,
    intro: 'Ouvrez ce lien pour choisir un nouveau mot de passe :',
    expiry: 'Le lien ne fonctionne qu’une fois, pendant une heure.',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
  },
  ja: {
    subject: 'Roundtrip のパスワード再設定',
    hello: (name) => `${name} 様`,
    intro: '新しいパスワードを設定するには、こちらのリンクを開いてください:',
    expiry: 'リンクは1時間以内に1回だけ使用できます。',
    ignore: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  },
};

export function resetPasswordMail(input: ResetPasswordMailInput): MailContent {
  const language = languageOf(input.locale);
  const t = resetTexts[language];
  const link = `${input.publicUrl}/${input.countryCode}/reset-password?token=${encodeURIComponent(input.token)}`;
  return {
    subject: t.subject,
    text: [t.hello(input.name), '', t.intro, link, '', t.expiry, t.ignore, ''].join('\n'),
    html: htmlPage(language, [
      escapeHtml(t.hello(input.name)),
      `${escapeHtml(t.intro)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      `${escapeHtml(t.expiry)} ${escapeHtml(t.ignore)}`,
    ]),
  };
}

export interface ContactSupportMailInput {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  locale: SupportedLocale;
  countryCode: CountryCode | undefined;
  receivedAt: Date;
}

/**
 * A contact-form message forwarded to support. Written for the support team, in English; it says
 * which language to answer in, and a reply goes to the customer (Reply-To). The customer's words
 * are quoted as text, escaped in the HTML part, and kept off the subject line but for the name.
 */
export function contactSupportMail(input: ContactSupportMailInput): MailContent {
  const singleLineName = input.name.replace(/\s+/g, ' ').slice(0, 100);
  const facts: [string, string][] = [
    ['From', `${singleLineName} <${input.email}>`],
    ['Topic', input.topic],
    ['Answer in', input.locale],
    ['Market', input.countryCode ?? 'not given'],
    ['Received', input.receivedAt.toISOString()],
    ['Reference', input.id],
  ];
  return {
    subject: `[Contact · ${input.topic}] ${singleLineName}`,
    text: [...facts.map(([label, value]) => `${label}: ${value}`), '', input.message, ''].join('\n'),
    html: htmlPage('en', [
      facts.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join('<br>'),
      escapeHtml(input.message).replace(/\n/g, '<br>'),
    ]),
  };
}
