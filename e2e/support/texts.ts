/** What users read, per language, as the catalogues say it. */
export type Lang = 'en' | 'fr' | 'ja';

/** Whose words a page object reads: a language's, or a locale's where its region says it otherwise (Quebec's French: courriel). */
export type Wording = Lang | 'fr-CA';

export const headings: Record<string, Record<Lang, string>> = {
  '': {
    en: 'Return your containers, get your deposit back',
    fr: 'Rapportez vos contenants, récupérez votre consigne',
    ja: '容器を返して、デポジットを取り戻そう',
  },
  countries: { en: 'Choose your country', fr: 'Choisissez votre pays', ja: '国を選択してください' },
  'contact-us': { en: 'Contact us', fr: 'Nous contacter', ja: 'お問い合わせ' },
  dsar: { en: 'Data-subject request', fr: 'Demande relative à vos données', ja: '個人データに関する請求' },
  faq: { en: 'Frequently asked questions', fr: 'Questions fréquentes', ja: 'よくある質問' },
  'how-it-works': { en: 'How it works', fr: 'Comment ça marche', ja: 'ご利用の流れ' },
  products: { en: 'Products', fr: 'Produits', ja: '商品' },
  'privacy-policy': { en: 'Terms and privacy', fr: 'Conditions et confidentialité', ja: '利用規約とプライバシー' },
  'reset-password': { en: 'Reset password', fr: 'Réinitialiser le mot de passe', ja: 'パスワードの再設定' },
  'shop-and-return': { en: 'Shop and return', fr: 'Acheter et rapporter', ja: '購入と返却' },
  'thank-you': { en: 'Thank you', fr: 'Merci', ja: 'ありがとうございます' },
  login: { en: 'Log in', fr: 'Se connecter', ja: 'ログイン' },
  signup: { en: 'Sign up', fr: 'S’inscrire', ja: '新規登録' },
  'user/profile': { en: 'My details and password', fr: 'Mes informations et mot de passe', ja: '登録情報とパスワード' },
  'user/account': { en: 'Account', fr: 'Compte', ja: 'アカウント' },
  'user/verification-error': { en: 'Verification error', fr: 'Erreur de vérification', ja: '確認エラー' },
  'user/verify-email': { en: 'Verify email', fr: 'Vérifier l’adresse e-mail', ja: 'メールアドレスの確認' },
  'user/withdraw': { en: 'Withdraw', fr: 'Retirer', ja: '出金' },
  notFound: { en: 'Page not found', fr: 'Page introuvable', ja: 'ページが見つかりません' },
};

export const publicRoutes = [
  '',
  'countries',
  'contact-us',
  'dsar',
  'faq',
  'how-it-works',
  'products',
  'privacy-policy',
  'reset-password',
  'shop-and-return',
  'thank-you',
  'login',
  'signup',
] as const;

export const userRoutes = ['user/profile', 'user/account', 'user/verification-error', 'user/verify-email', 'user/withdraw'] as const;

export const prefixes = [
  { prefix: '', lang: 'en' },
  { prefix: '/us', lang: 'en' },
  { prefix: '/ca', lang: 'en' },
  { prefix: '/uk', lang: 'en' },
  { prefix: '/fr', lang: 'fr' },
  { prefix: '/jp', lang: 'ja' },
] as const satisfies readonly { prefix: string; lang: Lang }[];

export const messages = {
  enterValidEmail: {
    en: 'Please enter your email address.',
    fr: 'Veuillez saisir votre adresse e-mail.',
    ja: 'メールアドレスを入力してください。',
  },
  enterValidPsw: { en: 'Please enter your password.', fr: 'Veuillez saisir votre mot de passe.', ja: 'パスワードを入力してください。' },
  emailInputError: {
    en: 'Please enter a valid email address.',
    fr: 'Veuillez saisir une adresse e-mail valide.',
    ja: '有効なメールアドレスを入力してください。',
  },
  passwordTooShort: {
    en: 'Your password must be at least 8 characters long.',
    fr: 'Votre mot de passe doit contenir au moins 8 caractères.',
    ja: 'パスワードは8文字以上にしてください。',
  },
  passwordsDoNotMatch: { en: 'Passwords do not match', fr: 'Les mots de passe ne correspondent pas', ja: 'パスワードが一致しません' },
  acceptTerms: {
    en: 'Please accept the terms and conditions',
    fr: 'Veuillez accepter les conditions générales',
    ja: '利用規約に同意してください',
  },
  enterFourDigits: { en: 'Please enter the 4 digits!', fr: 'Veuillez saisir les 4 chiffres !', ja: '4桁の数字を入力してください。' },
  zipCodeTooShort: {
    en: 'Your zip code must be at least 5 characters long.',
    fr: 'Votre code postal doit contenir au moins 5 caractères.',
    ja: '郵便番号は5文字以上で入力してください。',
  },
  required: { en: 'This field is required.', fr: 'Ce champ est obligatoire.', ja: 'この項目は必須です。' },
  loginFailedTitle: { en: 'Login failed', fr: 'Échec de la connexion', ja: 'ログインできませんでした' },
  loginFailed: {
    en: 'The email or password is incorrect.',
    fr: 'L’adresse e-mail ou le mot de passe est incorrect.',
    ja: 'メールアドレスまたはパスワードが正しくありません。',
  },
  codeNotRecognised: {
    en: "Sorry, we don't recognise this code.",
    fr: 'Désolé, nous ne reconnaissons pas ce code.',
    ja: '申し訳ありませんが、このコードは認識できません。',
  },
  linkUsed: {
    en: 'This link has already been used to choose a new password. Each link works only once.',
    fr: 'Ce lien a déjà servi à choisir un nouveau mot de passe. Chaque lien ne fonctionne qu’une fois.',
    ja: 'このリンクは新しいパスワードの設定にすでに使用されています。リンクは1回のみ使用できます。',
  },
} satisfies Record<string, Record<Lang, string>>;

export const localeOf: Record<Lang, string> = { en: 'en-US', fr: 'fr-FR', ja: 'ja-JP' };
