import { languageOf, type Language } from '#domain/locales';
import type { CountryCode, SupportedLocale } from '#domain/markets';
import { regionalWording } from '#domain/quebec-wording';

/** A rendered mail, ready for Mailer.send (which adds the recipient and kind). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A customer's mail in the words of their region: the French of Canada says courriel (src/domain/quebec-wording.ts). */
function inRegion(locale: SupportedLocale, content: MailContent): MailContent {
  return {
    subject: regionalWording(locale, content.subject),
    text: regionalWording(locale, content.text),
    html: regionalWording(locale, content.html),
  };
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

const verificationTexts: Record<
  Language,
  { subject: (code: string) => string; hello: (name: string) => string; intro: string; link: string; expiry: string; ignore: string }
> = {
  en: {
    subject: (code) => `Your Roundtrip code: ${code}`,
    hello: (name) => `Hello ${name},`,
    intro: 'Enter this code in the app to confirm your email address:',
    link: 'Or open this link:',
    expiry: 'The code works for 10 minutes.',
    ignore: 'If you did not create a Roundtrip account, you can ignore this mail.',
  },
  fr: {
    subject: (code) => `Votre code Roundtrip\u202F: ${code}`,
    hello: (name) => `Bonjour ${name},`,
    intro: 'Saisissez ce code dans l’application pour confirmer votre adresse e-mail :',
    link: 'Ou ouvrez ce lien :',
    expiry: 'Le code est valable 10 minutes.',
    ignore: 'Si vous n’avez pas créé de compte Roundtrip, ignorez ce message.',
  },
  ja: {
    subject: (code) => `Roundtrip の確認コード：${code}`,
    hello: (name) => `${name} 様`,
    intro: 'メールアドレスを確認するには、アプリでこのコードを入力してください：',
    link: 'または、こちらのリンクを開いてください：',
    expiry: 'コードの有効期限は10分です。',
    ignore: 'Roundtrip のアカウントを作成していない場合は、このメールを無視してください。',
  },
};

/** The 4-digit code, and a link that opens the verify-email page with it filled in. */
export function verificationMail(input: VerificationMailInput): MailContent {
  const language = languageOf(input.locale);
  const t = verificationTexts[language];
  const link = `${input.publicUrl}/${input.countryCode}/user/verify-email?code=${input.code}`;
  return inRegion(input.locale, {
    subject: t.subject(input.code),
    text: [t.hello(input.name), '', t.intro, '', `    ${input.code}`, '', t.link, link, '', t.expiry, t.ignore, ''].join('\n'),
    html: htmlPage(language, [
      escapeHtml(t.hello(input.name)),
      escapeHtml(t.intro),
      `<strong style="font-size: 28px; letter-spacing: 6px;">${input.code}</strong>`,
      `${escapeHtml(t.link)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      `${escapeHtml(t.expiry)} ${escapeHtml(t.ignore)}`,
    ]),
  });
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
    intro: 'Ouvrez ce lien pour choisir un nouveau mot de passe :',
    expiry: 'Le lien ne fonctionne qu’une fois, pendant une heure.',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
  },
  ja: {
    subject: 'Roundtrip のパスワード再設定',
    hello: (name) => `${name} 様`,
    intro: '新しいパスワードを設定するには、こちらのリンクを開いてください：',
    expiry: 'リンクは1時間以内に1回だけ使用できます。',
    ignore: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  },
};

export function resetPasswordMail(input: ResetPasswordMailInput): MailContent {
  const language = languageOf(input.locale);
  const t = resetTexts[language];
  const link = `${input.publicUrl}/${input.countryCode}/reset-password?token=${encodeURIComponent(input.token)}`;
  return inRegion(input.locale, {
    subject: t.subject,
    text: [t.hello(input.name), '', t.intro, link, '', t.expiry, t.ignore, ''].join('\n'),
    html: htmlPage(language, [
      escapeHtml(t.hello(input.name)),
      `${escapeHtml(t.intro)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      `${escapeHtml(t.expiry)} ${escapeHtml(t.ignore)}`,
    ]),
  });
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

// ---------------------------------------------------------------------------
// Data-subject requests.

export type DataRequestKind = 'access' | 'deletion' | 'rectification' | 'other';

export interface DataRequestMailInput {
  id: string;
  kind: DataRequestKind;
  name: string;
  email: string;
  countryCode: CountryCode;
  locale: SupportedLocale;
  message: string | undefined;
  receivedAt: Date;
  dueAt: Date;
}

const dataRequestKindNames: Record<Language, Record<DataRequestKind, string>> = {
  en: {
    access: 'a copy of your personal data',
    deletion: 'the deletion of your account and personal data',
    rectification: 'the correction of your personal data',
    other: 'a question about your personal data',
  },
  fr: {
    access: 'une copie de vos données personnelles',
    deletion: 'la suppression de votre compte et de vos données personnelles',
    rectification: 'la rectification de vos données personnelles',
    other: 'une question sur vos données personnelles',
  },
  ja: {
    access: '個人データのコピー',
    deletion: 'アカウントと個人データの削除',
    rectification: '個人データの訂正',
    other: '個人データに関するお問い合わせ',
  },
};

const dataRequestTexts: Record<
  Language,
  {
    subject: string;
    hello: (name: string) => string;
    received: (what: string) => string;
    reference: (id: string) => string;
    deadline: (date: string) => string;
    ignore: string;
  }
> = {
  en: {
    subject: 'We received your data request',
    hello: (name) => `Hello ${name},`,
    received: (what) => `We received your request for ${what}.`,
    reference: (id) => `Reference: ${id}`,
    deadline: (date) => `We will answer by ${date} at the latest, and may first ask you to confirm who you are.`,
    ignore: 'If you did not send this request, please reply to this mail.',
  },
  fr: {
    subject: 'Nous avons bien reçu votre demande relative à vos données',
    hello: (name) => `Bonjour ${name},`,
    received: (what) => `Nous avons bien reçu votre demande concernant ${what}.`,
    reference: (id) => `Référence\u202F: ${id}`,
    deadline: (date) => `Nous vous répondrons au plus tard le ${date}, et pourrons d’abord vous demander de confirmer votre identité.`,
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, répondez à ce message.',
  },
  ja: {
    subject: '個人データに関するご請求を受け付けました',
    hello: (name) => `${name} 様`,
    received: (what) => `${what}のご請求を受け付けました。`,
    reference: (id) => `受付番号：${id}`,
    deadline: (date) => `${date}までに回答いたします。その前にご本人確認をお願いする場合があります。`,
    ignore: 'このご請求にお心当たりがない場合は、このメールにご返信ください。',
  },
};

/** The acknowledgement the requester gets, in the language of the form. */
export function dataRequestAcknowledgementMail(input: DataRequestMailInput): MailContent {
  const language = languageOf(input.locale);
  const t = dataRequestTexts[language];
  const deadline = new Intl.DateTimeFormat(input.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(input.dueAt);
  const lines = [
    t.hello(input.name),
    t.received(dataRequestKindNames[language][input.kind]),
    t.reference(input.id),
    t.deadline(deadline),
    t.ignore,
  ];
  return inRegion(input.locale, {
    subject: t.subject,
    text: [lines[0], '', ...lines.slice(1), ''].join('\n'),
    html: htmlPage(language, lines.map(escapeHtml)),
  });
}

/** The copy support works from, in English: who asked for what, and by when it must be answered. */
export function dataRequestSupportMail(input: DataRequestMailInput): MailContent {
  const fields: [string, string][] = [
    ['Reference', input.id],
    ['Request', input.kind],
    ['Name', input.name],
    ['Email', input.email],
    ['Market', input.countryCode],
    ['Language', input.locale],
    ['Received', input.receivedAt.toISOString()],
    ['Answer by', input.dueAt.toISOString()],
  ];
  const message = input.message ?? '';
  return {
    subject: `Data-subject request (${input.kind}) due ${input.dueAt.toISOString().slice(0, 10)}: ${input.id}`,
    text: [...fields.map(([label, value]) => `${label}: ${value}`), '', message, ''].join('\n'),
    html: htmlPage('en', [
      ...fields.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`),
      escapeHtml(message).replace(/\n/g, '<br>'),
    ]),
  };
}

export interface MoneyMailInput {
  locale: SupportedLocale;
  name: string;
  /** The destination as the app shows it: method and masked number. */
  destination: string;
  publicUrl: string;
  countryCode: CountryCode;
}

const payoutChangeTexts: Record<Language, { subject: string; hello: (name: string) => string; intro: string; notYou: string }> = {
  en: {
    subject: 'Your Roundtrip payout account was changed',
    hello: (name) => `Hello ${name},`,
    intro: 'Withdrawals from your Roundtrip balance will now be paid to:',
    notYou: 'If you did not make this change, change your password at once and write to us: someone may be using your account.',
  },
  fr: {
    subject: 'Votre moyen de paiement Roundtrip a été modifié',
    hello: (name) => `Bonjour ${name},`,
    intro: 'Vos retraits depuis votre solde Roundtrip seront désormais versés sur :',
    notYou:
      'Si vous n’êtes pas à l’origine de ce changement, changez tout de suite votre mot de passe et écrivez-nous : quelqu’un utilise peut-être votre compte.',
  },
  ja: {
    subject: 'Roundtrip の出金先が変更されました',
    hello: (name) => `${name} 様`,
    intro: 'Roundtrip の残高からの出金は、今後こちらにお支払いします：',
    notYou:
      'この変更に心当たりがない場合は、すぐにパスワードを変更し、お問い合わせください。第三者がアカウントを使用している可能性があります。',
  },
};

/** Sent on every change of payout destination: the person hears of it even if it was not them. */
export function payoutDestinationChangedMail(input: MoneyMailInput): MailContent {
  const language = languageOf(input.locale);
  const t = payoutChangeTexts[language];
  const contact = `${input.publicUrl}/${input.countryCode}/contact-us`;
  return inRegion(input.locale, {
    subject: t.subject,
    text: [t.hello(input.name), '', t.intro, `    ${input.destination}`, '', t.notYou, contact, ''].join('\n'),
    html: htmlPage(language, [
      escapeHtml(t.hello(input.name)),
      `${escapeHtml(t.intro)}<br><strong>${escapeHtml(input.destination)}</strong>`,
      `${escapeHtml(t.notYou)} <a href="${escapeHtml(contact)}">${escapeHtml(contact)}</a>`,
    ]),
  });
}

export interface WithdrawalMailInput extends MoneyMailInput {
  /** Formatted in the person's language, currency included. */
  amount: string;
  payout: string;
  /** The withdrawal fee taken from the amount, formatted as the amount is; undefined when there is none. */
  fee?: string;
}

const withdrawalTexts: Record<
  Language,
  {
    subject: (amount: string) => string;
    hello: (name: string) => string;
    intro: (amount: string) => string;
    /** A withdrawal fee, whatever the method: never called a bank's fee (docs/product.md, Withdrawals and fees). */
    fee: (fee: string) => string;
    payout: (payout: string) => string;
    notYou: string;
  }
> = {
  en: {
    subject: (amount) => `Withdrawal of ${amount} requested`,
    hello: (name) => `Hello ${name},`,
    intro: (amount) => `A withdrawal of ${amount} from your Roundtrip balance was requested.`,
    fee: (fee) => `Withdrawal fee, taken from that amount: ${fee}.`,
    payout: (payout) => `${payout} will be paid to:`,
    notYou: 'If you did not ask for it, change your password at once and write to us.',
  },
  fr: {
    subject: (amount) => `Retrait de ${amount} demandé`,
    hello: (name) => `Bonjour ${name},`,
    intro: (amount) => `Un retrait de ${amount} a été demandé sur votre solde Roundtrip.`,
    fee: (fee) => `Frais de retrait, déduits de ce montant\u202F: ${fee}.`,
    payout: (payout) => `${payout} seront versés sur\u202F:`,
    notYou: 'Si vous ne l’avez pas demandé, changez tout de suite votre mot de passe et écrivez-nous.',
  },
  ja: {
    subject: (amount) => `${amount} の出金を受け付けました`,
    hello: (name) => `${name} 様`,
    intro: (amount) => `Roundtrip の残高から ${amount} の出金が申請されました。`,
    fee: (fee) => `出金手数料（この金額から差し引かれます）：${fee}`,
    payout: (payout) => `${payout} を次の出金先へお支払いします：`,
    notYou: '心当たりがない場合は、すぐにパスワードを変更し、お問い合わせください。',
  },
};

/** Sent on every withdrawal request. */
export function withdrawalRequestedMail(input: WithdrawalMailInput): MailContent {
  const language = languageOf(input.locale);
  const t = withdrawalTexts[language];
  const contact = `${input.publicUrl}/${input.countryCode}/contact-us`;
  return inRegion(input.locale, {
    subject: t.subject(input.amount),
    text: [
      t.hello(input.name),
      '',
      t.intro(input.amount),
      ...(input.fee === undefined ? [] : [t.fee(input.fee)]),
      t.payout(input.payout),
      `    ${input.destination}`,
      '',
      t.notYou,
      contact,
      '',
    ].join('\n'),
    html: htmlPage(language, [
      escapeHtml(t.hello(input.name)),
      escapeHtml(t.intro(input.amount)),
      ...(input.fee === undefined ? [] : [escapeHtml(t.fee(input.fee))]),
      `${escapeHtml(t.payout(input.payout))}<br><strong>${escapeHtml(input.destination)}</strong>`,
      `${escapeHtml(t.notYou)} <a href="${escapeHtml(contact)}">${escapeHtml(contact)}</a>`,
    ]),
  });
}

export interface NewsMailInput {
  locale: SupportedLocale;
  name: string;
  /** Each piece of news with the address that opens its row in the app. */
  items: { title: string; body: string; link: string }[];
  /** The subject: the one title, or "n updates". */
  subject: string;
  /** The profile page, where the mail preference is switched off. */
  settingsLink: string;
}

const newsMailTexts: Record<Language, { hello: (name: string) => string; open: string; openAt: (link: string) => string; why: string }> = {
  en: {
    hello: (name) => `Hello ${name},`,
    open: 'Open in the app',
    openAt: (link) => `Open in the app: ${link}`,
    why: 'You get these mails because you asked for them on your profile. To stop them, turn them off there:',
  },
  fr: {
    hello: (name) => `Bonjour ${name},`,
    open: 'Ouvrir dans l’application',
    // The colon is typeset here, per language: French puts U+202F before it, Japanese writes ：.
    openAt: (link) => `Ouvrir dans l’application\u202F: ${link}`,
    why: 'Vous recevez ces e-mails parce que vous les avez demandés dans votre profil. Pour ne plus les recevoir, désactivez-les ici :',
  },
  ja: {
    hello: (name) => `${name} 様`,
    open: 'アプリで開く',
    openAt: (link) => `アプリで開く：${link}`,
    why: 'このメールは、プロフィールでメール通知を有効にされたため送信しています。停止するには、こちらで無効にしてください：',
  },
};

/** News of money that moved (credits, rejections, payouts), for a customer who asked for mail. */
export function newsMail(input: NewsMailInput): MailContent {
  const language = languageOf(input.locale);
  const t = newsMailTexts[language];
  return inRegion(input.locale, {
    subject: input.subject,
    text: [
      t.hello(input.name),
      '',
      ...input.items.flatMap((item) => [item.title, item.body, t.openAt(item.link), '']),
      t.why,
      input.settingsLink,
      '',
    ].join('\n'),
    html: htmlPage(language, [
      escapeHtml(t.hello(input.name)),
      ...input.items.map(
        (item) =>
          `<strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.body)}<br><a href="${escapeHtml(item.link)}">${escapeHtml(t.open)}</a>`,
      ),
      `${escapeHtml(t.why)} <a href="${escapeHtml(input.settingsLink)}">${escapeHtml(input.settingsLink)}</a>`,
    ]),
  });
}

export interface OperatorSignInFailuresMailInput {
  language: Language;
  name: string;
  failures: number;
}

const operatorSignInFailuresTexts: Record<
  Language,
  { subject: string; hello: (name: string) => string; what: (failures: number) => string; you: string; notYou: string; nothing: string }
> = {
  en: {
    subject: 'Failed sign-ins to your Roundtrip operator account',
    hello: (name) => `Hello ${name},`,
    what: (failures) =>
      `Someone tried to log in to your Roundtrip operator account ${failures} times in a row with a wrong password or code.`,
    you: 'If it was you, nothing needs doing: each further try waits a little longer, and your next successful login clears the count.',
    notYou: 'If it was not you, tell an administrator: someone is trying to get into your account.',
    nothing: 'No one logged in with any of these tries.',
  },
  fr: {
    subject: 'Connexions échouées à votre compte opérateur Roundtrip',
    hello: (name) => `Bonjour ${name},`,
    what: (failures) =>
      `Quelqu’un a tenté ${failures} fois de suite de se connecter à votre compte opérateur Roundtrip avec un mot de passe ou un code erroné.`,
    you: 'Si c’était vous, rien à faire\u202F: chaque nouvel essai attend un peu plus longtemps, et votre prochaine connexion réussie remet le compteur à zéro.',
    notYou: 'Si ce n’était pas vous, prévenez un administrateur\u202F: quelqu’un essaie d’accéder à votre compte.',
    nothing: 'Aucun de ces essais n’a ouvert de session.',
  },
  ja: {
    subject: 'Roundtrip オペレーターアカウントへのログイン失敗のお知らせ',
    hello: (name) => `${name} 様`,
    what: (failures) =>
      `お使いの Roundtrip オペレーターアカウントで、誤ったパスワードまたはコードによるログインが${failures}回続けて試みられました。`,
    you: 'ご自身による操作であれば、対応は不要です。試行のたびに次の試行までの待ち時間が長くなり、次にログインに成功すると回数はリセットされます。',
    notYou: 'お心当たりがない場合は、第三者がアカウントへの侵入を試みています。管理者に連絡してください。',
    nothing: 'これらの試行でログインされたことはありません。',
  },
};

/** Tells an operator that their account saw a run of failed sign-ins (docs/operators.md, Sign-in limits). */
export function operatorSignInFailuresMail(input: OperatorSignInFailuresMailInput): MailContent {
  const t = operatorSignInFailuresTexts[input.language];
  return {
    subject: t.subject,
    text: [t.hello(input.name), '', t.what(input.failures), '', t.you, t.notYou, t.nothing, ''].join('\n'),
    html: htmlPage(input.language, [
      escapeHtml(t.hello(input.name)),
      escapeHtml(t.what(input.failures)),
      escapeHtml(t.you),
      escapeHtml(t.notYou),
      escapeHtml(t.nothing),
    ]),
  };
}

/**
 * The one shape of an operator's mail that carries a link to set up their login (an invitation, a
 * reset of the authenticator or of the password): the greeting, what happened with the link, what
 * they will do and how long the link works, then what to do if it was not expected.
 */
function operatorLinkMail(
  language: Language,
  parts: { subject: string; hello: string; intro: string; link: string; steps: string; expiry: string; closing: string },
): MailContent {
  return {
    subject: parts.subject,
    text: [parts.hello, '', parts.intro, parts.link, '', parts.steps, parts.expiry, parts.closing, ''].join('\n'),
    html: htmlPage(language, [
      escapeHtml(parts.hello),
      `${escapeHtml(parts.intro)} <a href="${escapeHtml(parts.link)}">${escapeHtml(parts.link)}</a>`,
      `${escapeHtml(parts.steps)} ${escapeHtml(parts.expiry)}`,
      escapeHtml(parts.closing),
    ]),
  };
}

export interface OperatorInvitationMailInput {
  language: Language;
  name: string;
  invitedBy: string;
  link: string;
}

const operatorInvitationTexts: Record<
  Language,
  { subject: string; hello: (name: string) => string; intro: (by: string) => string; steps: string; expiry: string; ignore: string }
> = {
  en: {
    subject: 'Your Roundtrip operator account',
    hello: (name) => `Hello ${name},`,
    intro: (by) => `${by} invites you to run the Roundtrip programme with them. Open this link to set up your account:`,
    steps: 'You will choose a password and add a code to your authenticator app (for example on your phone).',
    expiry: 'The link works for 48 hours, once.',
    ignore: 'If you did not expect this, you can ignore this mail.',
  },
  fr: {
    subject: 'Votre compte opérateur Roundtrip',
    hello: (name) => `Bonjour ${name},`,
    intro: (by) => `${by} vous invite à gérer le programme Roundtrip. Ouvrez ce lien pour créer votre compte\u202F:`,
    steps: 'Vous choisirez un mot de passe et ajouterez un code à votre application d’authentification (par exemple sur votre téléphone).',
    expiry: 'Le lien est valable 48 heures, une seule fois.',
    ignore: 'Si vous ne vous y attendiez pas, ignorez ce message.',
  },
  ja: {
    subject: 'Roundtrip オペレーターアカウントのご案内',
    hello: (name) => `${name} 様`,
    intro: (by) => `${by} さんから Roundtrip プログラムの運営に招待されました。次のリンクを開いてアカウントを設定してください：`,
    steps: 'パスワードを決め、認証アプリ（スマートフォンなど）にコードを追加します。',
    expiry: 'リンクの有効期限は48時間で、1回のみ使用できます。',
    ignore: '心当たりがない場合は、このメールを無視してください。',
  },
};

/** The link through which an invited operator sets a password and adds the authenticator secret. */
export function operatorInvitationMail(input: OperatorInvitationMailInput): MailContent {
  const t = operatorInvitationTexts[input.language];
  return operatorLinkMail(input.language, {
    subject: t.subject,
    hello: t.hello(input.name),
    intro: t.intro(input.invitedBy),
    link: input.link,
    steps: t.steps,
    expiry: t.expiry,
    closing: t.ignore,
  });
}

export interface OperatorPasskeyMailInput {
  language: Language;
  name: string;
  change: 'added' | 'removed';
  /** The credential ids, as the console's passkey list shows them. */
  passkeyIds: string[];
  /** The operator changed their own passkeys (otherwise `by`, an administrator, did). */
  byThemselves: boolean;
  by: string;
  at: Date;
  address: string | null;
}

const operatorPasskeyTexts: Record<
  Language,
  {
    subject: Record<'added' | 'removed', string>;
    hello: (name: string) => string;
    what: Record<'added' | 'removed', (when: string) => string>;
    who: (byThemselves: boolean, by: string, address: string | null) => string;
    keys: string;
    notYou: Record<'added' | 'removed', string>;
  }
> = {
  en: {
    subject: { added: 'New passkey on your Roundtrip operator account', removed: 'Passkey removed from your Roundtrip operator account' },
    hello: (name) => `Hello ${name},`,
    what: {
      added: (when) => `A passkey was added to your operator account on ${when}. It signs you in without your password and code.`,
      removed: (when) => `A passkey was removed from your operator account on ${when}. It no longer signs you in.`,
    },
    who: (byThemselves, by, address) =>
      byThemselves ? `It was done in a session of yours${address ? ` from the address ${address}` : ''}.` : `It was done by ${by}.`,
    keys: 'Passkey:',
    notYou: {
      added:
        'If this was not you, tell an administrator at once: they can remove the passkey and reset your authenticator. You can also remove it yourself on the start page of the console.',
      removed: 'If this was not you, tell an administrator at once.',
    },
  },
  fr: {
    subject: {
      added: 'Nouvelle clé d’accès sur votre compte opérateur Roundtrip',
      removed: 'Clé d’accès supprimée de votre compte opérateur Roundtrip',
    },
    hello: (name) => `Bonjour ${name},`,
    what: {
      added: (when) => `Une clé d’accès a été ajoutée à votre compte opérateur le ${when}. Elle vous connecte sans mot de passe ni code.`,
      removed: (when) => `Une clé d’accès a été supprimée de votre compte opérateur le ${when}. Elle ne vous connecte plus.`,
    },
    who: (byThemselves, by, address) =>
      byThemselves
        ? `Cela a été fait depuis l’une de vos sessions${address ? `, à partir de l’adresse ${address}` : ''}.`
        : `Cela a été fait par ${by}.`,
    keys: 'Clé d’accès\u202F:',
    notYou: {
      added:
        'Si ce n’était pas vous, prévenez tout de suite un administrateur\u202F: il peut supprimer la clé d’accès et réinitialiser votre authentification. Vous pouvez aussi la supprimer vous-même sur la page d’accueil de la console.',
      removed: 'Si ce n’était pas vous, prévenez tout de suite un administrateur.',
    },
  },
  ja: {
    subject: {
      added: 'Roundtrip オペレーターアカウントにパスキーが追加されました',
      removed: 'Roundtrip オペレーターアカウントからパスキーが削除されました',
    },
    hello: (name) => `${name} 様`,
    what: {
      added: (when) =>
        `${when} に、あなたのオペレーターアカウントにパスキーが追加されました。このパスキーでは、パスワードとコードなしでログインできます。`,
      removed: (when) =>
        `${when} に、あなたのオペレーターアカウントからパスキーが削除されました。このパスキーではログインできなくなりました。`,
    },
    who: (byThemselves, by, address) =>
      byThemselves ? `あなたのセッションから行われました${address ? `（アドレス ${address}）` : ''}。` : `${by} さんが行いました。`,
    keys: 'パスキー：',
    notYou: {
      added:
        '心当たりがない場合は、すぐに管理者に連絡してください。管理者はパスキーを削除し、認証をリセットできます。コンソールのスタートページから、ご自身で削除することもできます。',
      removed: '心当たりがない場合は、すぐに管理者に連絡してください。',
    },
  },
};

/** Tells an operator that a passkey was added to or removed from their account, and what to do if it was not them. */
export function operatorPasskeyMail(input: OperatorPasskeyMailInput): MailContent {
  const t = operatorPasskeyTexts[input.language];
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const what = t.what[input.change](when);
  const who = t.who(input.byThemselves, input.by, input.address);
  const keys = input.passkeyIds.map((id) => `${t.keys} ${id}`);
  return {
    subject: t.subject[input.change],
    text: [t.hello(input.name), '', what, who, '', ...keys, '', t.notYou[input.change], ''].join('\n'),
    html: htmlPage(input.language, [
      escapeHtml(t.hello(input.name)),
      `${escapeHtml(what)} ${escapeHtml(who)}`,
      keys.map(escapeHtml).join('<br>'),
      escapeHtml(t.notYou[input.change]),
    ]),
  };
}

export interface OperatorAuthenticatorResetMailInput {
  language: Language;
  name: string;
  resetBy: string;
  link: string;
}

const operatorAuthenticatorResetTexts: Record<
  Language,
  { subject: string; hello: (name: string) => string; intro: (by: string) => string; steps: string; expiry: string; notYou: string }
> = {
  en: {
    subject: 'Set up your Roundtrip operator login again',
    hello: (name) => `Hello ${name},`,
    intro: (by) =>
      `${by} reset the authenticator of your operator account: your password, your code and your passkeys no longer sign you in. Open this link to set them up again:`,
    steps: 'You will choose a new password and add a new code to your authenticator app. Add your passkeys again once logged in.',
    expiry: 'The link works for 48 hours, once.',
    notYou: 'If you did not expect this, tell another administrator.',
  },
  fr: {
    subject: 'Configurez de nouveau votre connexion d’opérateur Roundtrip',
    hello: (name) => `Bonjour ${name},`,
    intro: (by) =>
      `${by} a réinitialisé l’authentification de votre compte opérateur\u202F: votre mot de passe, votre code et vos clés d’accès ne vous connectent plus. Ouvrez ce lien pour les configurer de nouveau\u202F:`,
    steps:
      'Vous choisirez un nouveau mot de passe et ajouterez un nouveau code à votre application d’authentification. Ajoutez de nouveau vos clés d’accès depuis la console, après la connexion.',
    expiry: 'Le lien est valable 48 heures, une seule fois.',
    notYou: 'Si vous ne vous y attendiez pas, prévenez un autre administrateur.',
  },
  ja: {
    subject: 'Roundtrip オペレーターの認証を設定し直してください',
    hello: (name) => `${name} 様`,
    intro: (by) =>
      `${by} さんがあなたのオペレーターアカウントの認証をリセットしました。これまでのパスワード、コード、パスキーではログインできません。次のリンクを開いて設定し直してください：`,
    steps: '新しいパスワードを決め、認証アプリに新しいコードを追加します。パスキーはログイン後にもう一度追加してください。',
    expiry: 'リンクの有効期限は48時間で、1回のみ使用できます。',
    notYou: '心当たりがない場合は、別の管理者に連絡してください。',
  },
};

/** The new invitation-like link of an operator whose authenticator an administrator reset. */
export function operatorAuthenticatorResetMail(input: OperatorAuthenticatorResetMailInput): MailContent {
  const t = operatorAuthenticatorResetTexts[input.language];
  return operatorLinkMail(input.language, {
    subject: t.subject,
    hello: t.hello(input.name),
    intro: t.intro(input.resetBy),
    link: input.link,
    steps: t.steps,
    expiry: t.expiry,
    closing: t.notYou,
  });
}

export interface OperatorPasswordResetMailInput {
  language: Language;
  name: string;
  /** The administrator who sent it; null when it was asked for on the console's sign-in page. */
  requestedBy: string | null;
  link: string;
}

const operatorPasswordResetTexts: Record<
  Language,
  {
    subject: string;
    hello: (name: string) => string;
    intro: (by: string | null) => string;
    steps: string;
    expiry: string;
    notYou: string;
  }
> = {
  en: {
    subject: 'Choose a new password for your Roundtrip operator account',
    hello: (name) => `Hello ${name},`,
    intro: (by) =>
      by === null
        ? 'Someone, perhaps you, asked on the console’s login page for a new password for your operator account. Open this link to choose one:'
        : `${by} sent you a link to choose a new password for your operator account. Open it to choose one:`,
    steps: 'You will need a code from your authenticator app. Once the new password is set, every session of yours ends.',
    expiry: 'The link works for one hour, once. Until then your current password still works.',
    notYou: 'If you did not ask for it, ignore this mail: your password stays as it is.',
  },
  fr: {
    subject: 'Choisissez un nouveau mot de passe pour votre compte opérateur Roundtrip',
    hello: (name) => `Bonjour ${name},`,
    intro: (by) =>
      by === null
        ? 'Quelqu’un, peut-être vous, a demandé un nouveau mot de passe pour votre compte opérateur depuis la page de connexion de la console. Ouvrez ce lien pour le choisir\u202F:'
        : `${by} vous a envoyé un lien pour choisir un nouveau mot de passe pour votre compte opérateur. Ouvrez-le pour le choisir\u202F:`,
    steps:
      'Il vous faudra un code de votre application d’authentification. Une fois le nouveau mot de passe choisi, toutes vos sessions se ferment.',
    expiry: 'Le lien est valable une heure, une seule fois. D’ici là, votre mot de passe actuel fonctionne toujours.',
    notYou: 'Si vous n’avez rien demandé, ignorez ce message\u202F: votre mot de passe reste le même.',
  },
  ja: {
    subject: 'Roundtrip オペレーターアカウントの新しいパスワードを設定してください',
    hello: (name) => `${name} 様`,
    intro: (by) =>
      by === null
        ? 'コンソールのログインページから、あなたのオペレーターアカウントの新しいパスワードが申請されました。次のリンクを開いて設定してください：'
        : `${by} さんから、オペレーターアカウントの新しいパスワードを設定するリンクが届きました。次のリンクを開いて設定してください：`,
    steps: '認証アプリのコードが必要です。新しいパスワードを設定すると、あなたのすべてのセッションが終了します。',
    expiry: 'リンクの有効期限は1時間で、1回のみ使用できます。それまでは現在のパスワードも使えます。',
    notYou: '心当たりがない場合は、このメールを無視してください。パスワードは変わりません。',
  },
};

/** The link through which an operator chooses a new password, with a code of their authenticator. */
export function operatorPasswordResetMail(input: OperatorPasswordResetMailInput): MailContent {
  const t = operatorPasswordResetTexts[input.language];
  return operatorLinkMail(input.language, {
    subject: t.subject,
    hello: t.hello(input.name),
    intro: t.intro(input.requestedBy),
    link: input.link,
    steps: t.steps,
    expiry: t.expiry,
    closing: t.notYou,
  });
}

export type OperatorDigestArea = 'disputes' | 'claims' | 'approvals' | 'payouts';

export interface OperatorDigestMailInput {
  language: Language;
  name: string;
  /** Only areas where something waits, in the console's order. */
  waiting: { area: OperatorDigestArea; count: number }[];
  /** The console's address. */
  link: string;
  /** Where the operator turns this mail off (their account page of the console). */
  settingsLink: string;
}

const operatorDigestTexts: Record<
  Language,
  {
    subject: (total: number) => string;
    hello: (name: string) => string;
    intro: string;
    line: Record<OperatorDigestArea, (count: number) => string>;
    open: string;
    off: string;
  }
> = {
  en: {
    subject: (total) => `Roundtrip: ${total} ${total === 1 ? 'item waits' : 'items wait'} in your console`,
    hello: (name) => `Hello ${name},`,
    intro: 'This morning, in the lists your roles open:',
    line: {
      disputes: (count) => `${count} open ${count === 1 ? 'dispute' : 'disputes'}`,
      claims: (count) => `${count} open ${count === 1 ? 'claim' : 'claims'}`,
      approvals: (count) => `${count} ${count === 1 ? 'request waits' : 'requests wait'} for a second operator`,
      payouts: (count) => `${count} pending ${count === 1 ? 'payout' : 'payouts'}`,
    },
    open: 'Open the console:',
    off: 'You get this mail once a day when something waits. To stop it, go to “Mails from the console” on your account page:',
  },
  fr: {
    subject: (total) => `Roundtrip\u202F: ${total} ${total === 1 ? 'élément attend' : 'éléments attendent'} dans votre console`,
    hello: (name) => `Bonjour ${name},`,
    intro: 'Ce matin, dans les listes que vos rôles ouvrent\u202F:',
    line: {
      disputes: (count) => `${count} ${count === 1 ? 'contestation ouverte' : 'contestations ouvertes'}`,
      claims: (count) => `${count} ${count === 1 ? 'réclamation ouverte' : 'réclamations ouvertes'}`,
      approvals: (count) => `${count} ${count === 1 ? 'demande attend' : 'demandes attendent'} un second opérateur`,
      payouts: (count) => `${count} ${count === 1 ? 'versement en attente' : 'versements en attente'}`,
    },
    open: 'Ouvrir la console\u202F:',
    off: 'Vous recevez cet e-mail une fois par jour quand quelque chose attend. Pour l’arrêter, allez dans «\u202FE-mails de la console\u202F» sur la page de votre compte\u202F:',
  },
  ja: {
    subject: (total) => `Roundtrip：コンソールで${total}件が対応待ちです`,
    hello: (name) => `${name} 様`,
    intro: '今朝の時点で、担当の一覧に次の対応待ちがあります。',
    line: {
      disputes: (count) => `未解決の異議申し立て：${count}件`,
      claims: (count) => `未解決の申し立て：${count}件`,
      approvals: (count) => `2人目のオペレーターの承認待ち：${count}件`,
      payouts: (count) => `保留中の出金：${count}件`,
    },
    open: 'コンソールを開く：',
    off: 'このメールは、対応待ちがある日に1日1回お送りしています。停止するには、アカウントページの「コンソールからのメール」で設定してください：',
  },
};

/** Once a day, what waits in the lists an operator's roles open (docs/operators.md, Mails to operators). */
export function operatorDigestMail(input: OperatorDigestMailInput): MailContent {
  const t = operatorDigestTexts[input.language];
  const total = input.waiting.reduce((sum, entry) => sum + entry.count, 0);
  const lines = input.waiting.map((entry) => t.line[entry.area](entry.count));
  return {
    subject: t.subject(total),
    text: [
      t.hello(input.name),
      '',
      t.intro,
      ...lines.map((line) => `- ${line}`),
      '',
      `${t.open} ${input.link}`,
      '',
      t.off,
      input.settingsLink,
      '',
    ].join('\n'),
    html: htmlPage(input.language, [
      escapeHtml(t.hello(input.name)),
      `${escapeHtml(t.intro)}<br>${lines.map(escapeHtml).join('<br>')}`,
      `${escapeHtml(t.open)} <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>`,
      `${escapeHtml(t.off)} <a href="${escapeHtml(input.settingsLink)}">${escapeHtml(input.settingsLink)}</a>`,
    ]),
  };
}

export interface OperatorApprovalRequestMailInput {
  language: Language;
  name: string;
  requestedBy: string;
  /** The amount as the console shows it, already formatted for the language. */
  amount: string;
  link: string;
  settingsLink: string;
}

const operatorApprovalRequestTexts: Record<
  Language,
  { subject: string; hello: (name: string) => string; what: (by: string, amount: string) => string; open: string; off: string }
> = {
  en: {
    subject: 'Roundtrip: a request waits for a second operator',
    hello: (name) => `Hello ${name},`,
    what: (by, amount) => `${by} asks a second operator to approve ${amount}. Anyone allowed to approve, except them, can decide it.`,
    open: 'Open the approvals:',
    off: 'To get these requests in your daily digest only, or not at all, go to “Mails from the console” on your account page:',
  },
  fr: {
    subject: 'Roundtrip\u202F: une demande attend un second opérateur',
    hello: (name) => `Bonjour ${name},`,
    what: (by, amount) =>
      `${by} demande à un second opérateur d’approuver ${amount}. Toute personne habilitée à approuver, sauf elle, peut décider.`,
    open: 'Ouvrir les approbations\u202F:',
    off: 'Pour ne recevoir ces demandes que dans votre récapitulatif quotidien, ou plus du tout, allez dans «\u202FE-mails de la console\u202F» sur la page de votre compte\u202F:',
  },
  ja: {
    subject: 'Roundtrip：2人目のオペレーターの承認待ちの申請があります',
    hello: (name) => `${name} 様`,
    what: (by, amount) =>
      `${by} さんが ${amount} の承認を2人目のオペレーターに求めています。申請者本人以外の承認権限を持つ方が判断できます。`,
    open: '承認の一覧を開く：',
    off: 'この通知を毎日のまとめだけで受け取る、または受け取らないようにするには、アカウントページの「コンソールからのメール」で設定してください：',
  },
};

/** A new request for a second operator, to every other operator allowed to approve it. */
export function operatorApprovalRequestMail(input: OperatorApprovalRequestMailInput): MailContent {
  const t = operatorApprovalRequestTexts[input.language];
  return {
    subject: t.subject,
    text: [
      t.hello(input.name),
      '',
      t.what(input.requestedBy, input.amount),
      '',
      `${t.open} ${input.link}`,
      '',
      t.off,
      input.settingsLink,
      '',
    ].join('\n'),
    html: htmlPage(input.language, [
      escapeHtml(t.hello(input.name)),
      escapeHtml(t.what(input.requestedBy, input.amount)),
      `${escapeHtml(t.open)} <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>`,
      `${escapeHtml(t.off)} <a href="${escapeHtml(input.settingsLink)}">${escapeHtml(input.settingsLink)}</a>`,
    ]),
  };
}
