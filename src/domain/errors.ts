import type { Language } from './locales';
import { pendingProcessingDays } from './pending-rule';

/**
 * Every error the API answers with. LB_0102 and RS_0001 are kept from the earlier API; the
 * others are named after the rule or message they stand for (docs/architecture.md, Error codes).
 */
export const errorCodes = [
  'LB_0102',
  'RS_0001',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'EMAIL_TAKEN',
  'CURRENT_PASSWORD_INCORRECT',
  'PASSWORD_CHANGE_FAILED',
  'PASSWORDS_DO_NOT_MATCH',
  'CODE_NOT_RECOGNISED',
  'CODE_FORMAT',
  'CODE_EXPIRED',
  'TOO_MANY_CODES',
  'EMAIL_ALREADY_VERIFIED',
  'RESET_LINK_USED',
  'RESET_LINK_INVALID',
  'EMAIL_NOT_VERIFIED',
  'POSITIVE_BALANCE',
  'BALANCE_BELOW_MINIMUM',
  'PENDING_WITHDRAWAL',
  'PENDING_SCANS',
  'OPEN_DISPUTE',
  'TERMS_NOT_ACCEPTED',
  'AMOUNT_ABOVE_BALANCE',
  'CONTACT_CUSTOMER_CARE',
  'CONTAINER_CODE_FORMAT',
  'CONTAINER_CHECKSUM',
  'CONTAINER_UNKNOWN',
  'CONTAINER_OTHER_MARKET',
  'CONTAINER_ALREADY_PENDING',
  'SCAN_ID_CONFLICT',
  'SCAN_IN_FUTURE',
  'SCAN_TOO_OLD',
  'SCAN_NOT_PENDING',
  'INSUFFICIENT_BALANCE',
  'IDEMPOTENCY_CONFLICT',
  'OPS_KEY_INVALID',
  'AMOUNT_BELOW_MINIMUM',
  'PAYMENT_METHOD_UNAVAILABLE',
  'PAYMENT_METHOD_MISSING',
  'WITHDRAWAL_NOT_PENDING',
  'PAYOUT_ORIGINATOR_MISSING',
  'BANK_ANSWER_UNREADABLE',
  'PASSWORD_REQUIRED',
  'MAIL_NOT_SENT',
  'TOO_MANY_PENDING_SCANS',
  'CONTAINER_CLAIM_RECORDED',
  'TOO_MANY_OPEN_CLAIMS',
  'DISPUTE_NOT_ALLOWED',
  'DISPUTE_EXISTS',
  'TOO_MANY_DISPUTES',
  'DISPUTE_NOT_OPEN',
  'CONTAINER_CLAIM_OPEN',
  'CONTAINER_CLAIM_AWARDED',
  'CLAIM_NOT_OPEN',
  'CLAIM_FIRST_SCAN_CREDITED',
  'CLAIMANT_ACCOUNT_DELETED',
  'PUSH_UNAVAILABLE',
  'AUDIT_CHECKPOINTS_UNAVAILABLE',
  'PAYOUT_PROVIDER_UNAVAILABLE',
  'OPERATOR_UNAUTHORIZED',
  'OPERATOR_ROLE_REQUIRED',
  'OPERATOR_SIGN_IN_FAILED',
  'REAUTHENTICATION_REQUIRED',
  'REAUTHENTICATION_FAILED',
  'INVITATION_INVALID',
  'OPERATOR_EXISTS',
  'AUTOMATION_TOKEN_EXISTS',
  'LOCAL_CLI_ONLY',
  'APPROVAL_SAME_PERSON',
  'APPROVAL_NOT_PENDING',
  'OPERATOR_LAST_ADMIN',
  'SERVICE_BUSY',
  'CHECKIN_UNDO_TOO_LATE',
  'CHECKIN_CREDIT_SPENT',
  'APPROVAL_CREDENTIAL_NOT_ALLOWED',
  'AUTOMATION_TOKEN_NAME_RESERVED',
  'OPERATOR_DUTIES_APART',
  'OPERATOR_NOT_DISABLED',
  'OPERATOR_NOT_INVITED',
  'OPERATOR_NOT_ACTIVE',
  'PASSWORD_RESET_INVALID',
  'OPERATOR_CODE_USED',
  'INVALID_CURSOR',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The token endpoints' own refusals, answered as OAuth does (RFC 6749 §5.2). */
export const oauthErrorCodes = ['invalid_grant', 'invalid_request', 'unsupported_grant_type', 'unsupported_token_type'] as const;
export type OAuthErrorCode = (typeof oauthErrorCodes)[number];

/** OAuth answers (RFC 6749 §5.2) keep their own shape; this is the login failure text. */
export const oauthErrorMessages: Record<OAuthErrorCode, Record<Language, string>> = {
  invalid_grant: {
    en: 'The email or password is incorrect.',
    fr: 'L’adresse e-mail ou le mot de passe est incorrect.',
    ja: 'メールアドレスまたはパスワードが正しくありません。',
  },
  invalid_request: {
    en: 'Please enter your email and password.',
    fr: 'Veuillez saisir votre adresse e-mail et votre mot de passe.',
    ja: 'メールアドレスとパスワードを入力してください。',
  },
  unsupported_grant_type: {
    en: 'This login method is not supported.',
    fr: 'Cette méthode de connexion n’est pas prise en charge.',
    ja: 'このログイン方法には対応していません。',
  },
  unsupported_token_type: {
    en: 'This kind of token cannot be revoked.',
    fr: 'Ce type de jeton ne peut pas être révoqué.',
    ja: 'この種類のトークンは無効にできません。',
  },
};

export const errorMessages: Record<ErrorCode, Record<Language, string>> = {
  LB_0102: { en: 'Wrong password', fr: 'Mot de passe incorrect', ja: 'パスワードが違います' },
  RS_0001: { en: 'Something went wrong', fr: 'Une erreur s’est produite', ja: '問題が発生しました' },
  VALIDATION_FAILED: {
    en: 'Please check the highlighted fields.',
    fr: 'Veuillez vérifier les champs signalés.',
    ja: '入力内容を確認してください。',
  },
  UNAUTHORIZED: {
    en: 'Please log in again.',
    fr: 'Veuillez vous reconnecter.',
    ja: 'もう一度ログインしてください。',
  },
  FORBIDDEN: {
    en: 'You are not allowed to do this.',
    fr: 'Vous n’êtes pas autorisé à effectuer cette action.',
    ja: 'この操作は許可されていません。',
  },
  NOT_FOUND: { en: 'Not found', fr: 'Introuvable', ja: '見つかりません' },
  RATE_LIMITED: {
    en: 'Too many attempts. Please try again later.',
    fr: 'Trop de tentatives. Veuillez réessayer plus tard.',
    ja: '試行回数が多すぎます。しばらくしてからもう一度お試しください。',
  },
  EMAIL_TAKEN: {
    en: 'Email has already been taken',
    fr: 'Cette adresse e-mail est déjà utilisée',
    ja: 'このメールアドレスはすでに使用されています',
  },
  PUSH_UNAVAILABLE: {
    en: 'Phone notifications are not available on this server.',
    fr: 'Les notifications sur le téléphone ne sont pas disponibles sur ce serveur.',
    ja: 'このサーバーでは端末への通知を利用できません。',
  },
  AUDIT_CHECKPOINTS_UNAVAILABLE: {
    en: 'The audit trail could not be checked: its signed checkpoints cannot be read or written. Ask whoever runs the server to look at the checkpoint storage.',
    fr: 'Impossible de vérifier le journal d’audit\u202f: ses points de contrôle signés ne peuvent être ni lus ni écrits. Demandez à la personne qui gère le serveur de vérifier leur stockage.',
    ja: '監査ログを確認できませんでした。署名付きチェックポイントの読み書きができません。サーバーの管理者に保存先の確認を依頼してください。',
  },
  PAYOUT_PROVIDER_UNAVAILABLE: {
    en: 'The payout provider could not be reached to confirm this payout. Nothing was changed; send it again later.',
    fr: 'Le prestataire de paiement n’a pas pu être joint pour confirmer ce versement. Rien n’a été modifié\u202f; renvoyez-le plus tard.',
    ja: '支払いの確認のために送金サービスに接続できませんでした。何も変更されていません。しばらくしてから再送してください。',
  },
  MAIL_NOT_SENT: {
    en: 'We could not send the mail just now. Please try again in a minute.',
    fr: 'Nous n’avons pas pu envoyer l’e-mail pour le moment. Réessayez dans une minute.',
    ja: '現在メールを送信できませんでした。1分後にもう一度お試しください。',
  },
  PASSWORD_REQUIRED: {
    en: 'Please enter your password to change where your money is paid',
    fr: 'Saisissez votre mot de passe pour changer le compte qui reçoit vos remboursements',
    ja: '出金先を変更するには、パスワードを入力してください',
  },
  CURRENT_PASSWORD_INCORRECT: {
    en: 'Current password is incorrect',
    fr: 'Le mot de passe actuel est incorrect',
    ja: '現在のパスワードが正しくありません',
  },
  PASSWORD_CHANGE_FAILED: {
    en: 'Password change failed',
    fr: 'Le changement de mot de passe a échoué',
    ja: 'パスワードを変更できませんでした',
  },
  PASSWORDS_DO_NOT_MATCH: {
    en: 'Passwords do not match',
    fr: 'Les mots de passe ne correspondent pas',
    ja: 'パスワードが一致しません',
  },
  CODE_NOT_RECOGNISED: {
    en: "Sorry, we don't recognise this code.",
    fr: 'Désolé, nous ne reconnaissons pas ce code.',
    ja: '申し訳ありませんが、このコードは認識できません。',
  },
  CODE_FORMAT: {
    en: 'Please enter the 4 digits!',
    fr: 'Veuillez saisir les 4 chiffres !',
    ja: '4桁の数字を入力してください。',
  },
  CODE_EXPIRED: {
    en: 'This code has expired. Please ask for a new one.',
    fr: 'Ce code a expiré. Veuillez en demander un nouveau.',
    ja: 'このコードは有効期限が切れています。新しいコードをリクエストしてください。',
  },
  TOO_MANY_CODES: {
    en: 'Too many codes requested. Please try again in an hour.',
    fr: 'Trop de codes demandés. Veuillez réessayer dans une heure.',
    ja: 'コードのリクエストが多すぎます。1時間後にもう一度お試しください。',
  },
  EMAIL_ALREADY_VERIFIED: {
    en: 'Your email is already verified.',
    fr: 'Votre adresse e-mail est déjà vérifiée.',
    ja: 'メールアドレスはすでに確認済みです。',
  },
  RESET_LINK_USED: {
    en: 'This password link has already been used',
    fr: 'Ce lien de mot de passe a déjà été utilisé',
    ja: 'このパスワードリンクはすでに使用されています',
  },
  RESET_LINK_INVALID: {
    en: 'This password link is invalid or has expired. Please ask for a new one.',
    fr: 'Ce lien de mot de passe est invalide ou a expiré. Veuillez en demander un nouveau.',
    ja: 'このパスワードリンクは無効か、有効期限が切れています。新しいリンクをリクエストしてください。',
  },
  EMAIL_NOT_VERIFIED: {
    en: 'Please validate your email! You can not do withdrawal request without email validation.',
    fr: 'Veuillez valider votre adresse e-mail ! Vous ne pouvez pas demander de retrait sans validation de l’adresse e-mail.',
    ja: 'メールアドレスを確認してください。メールアドレスの確認が済むまで出金をリクエストできません。',
  },
  POSITIVE_BALANCE: {
    en: 'You still have a positive balance. You must withdraw it before deleting your account.',
    fr: 'Votre solde est encore positif. Vous devez le retirer avant de supprimer votre compte.',
    ja: '残高がまだあります。アカウントを削除する前に出金してください。',
  },
  BALANCE_BELOW_MINIMUM: {
    en: 'Your balance is below the minimum withdrawal, so it cannot be paid out. To delete your account now, confirm that you give it up.',
    fr: 'Votre solde est inférieur au retrait minimum et ne peut donc pas être versé. Pour supprimer votre compte maintenant, confirmez que vous y renoncez.',
    ja: '残高が最低出金額に満たないため、お支払いできません。今すぐアカウントを削除するには、残高を放棄することを確認してください。',
  },
  PENDING_WITHDRAWAL: {
    en: 'A withdrawal of yours is still being paid out. You can delete your account once it is paid, or send your deletion request to customer care.',
    fr: 'Un de vos retraits est encore en cours de versement. Vous pourrez supprimer votre compte une fois qu’il sera versé, ou envoyer votre demande de suppression au service client.',
    ja: '出金の処理がまだ完了していません。出金の完了後にアカウントを削除できます。または、カスタマーケアに削除リクエストをお送りください。',
  },
  PENDING_SCANS: {
    en: 'Containers you returned are still waiting for check-in, and their deposit may still be added to your balance. You can delete your account once they are checked in, or send your deletion request to customer care.',
    fr: 'Des contenants que vous avez rendus attendent encore leur enregistrement, et leur consigne peut encore être ajoutée à votre solde. Vous pourrez supprimer votre compte une fois qu’ils seront enregistrés, ou envoyer votre demande de suppression au service client.',
    ja: '返却した容器がまだ受け取り確認待ちで、デポジットが残高に加算される可能性があります。確認が済んだ後にアカウントを削除できます。または、カスタマーケアに削除リクエストをお送りください。',
  },
  OPEN_DISPUTE: {
    en: 'One of your disputes is still open and may credit your balance. You can delete your account once it is answered, or send your deletion request to customer care.',
    fr: 'Une de vos contestations est encore ouverte et peut créditer votre solde. Vous pourrez supprimer votre compte une fois qu’elle aura reçu une réponse, ou envoyer votre demande de suppression au service client.',
    ja: '異議申し立てがまだ対応中で、残高に加算される可能性があります。回答後にアカウントを削除できます。または、カスタマーケアに削除リクエストをお送りください。',
  },
  TERMS_NOT_ACCEPTED: {
    en: 'Please accept the terms and conditions',
    fr: 'Veuillez accepter les conditions générales',
    ja: '利用規約に同意してください',
  },
  AMOUNT_ABOVE_BALANCE: {
    en: 'Maximum amount is your current balance',
    fr: 'Le montant maximum est votre solde actuel',
    ja: '上限額は現在の残高です',
  },
  CONTACT_CUSTOMER_CARE: {
    en: 'To change your email or zip code, please contact customer care.',
    fr: 'Pour modifier votre adresse e-mail ou votre code postal, veuillez contacter le service client.',
    ja: 'メールアドレスまたは郵便番号を変更するには、カスタマーケアにお問い合わせください。',
  },
  CONTAINER_CODE_FORMAT: {
    en: 'This is not a Roundtrip container code. A code has 11 letters and digits.',
    fr: 'Ce n’est pas un code de contenant Roundtrip. Un code compte 11 lettres et chiffres.',
    ja: 'Roundtripの容器コードではありません。コードは英数字11文字です。',
  },
  CONTAINER_CHECKSUM: {
    en: 'This code has a typo: please check each character and try again.',
    fr: 'Ce code contient une faute de frappe : vérifiez chaque caractère et réessayez.',
    ja: 'コードに入力ミスがあります。1文字ずつ確認して、もう一度お試しください。',
  },
  CONTAINER_UNKNOWN: {
    en: "Sorry, we don't recognise this code.",
    fr: 'Désolé, nous ne reconnaissons pas ce code.',
    ja: '申し訳ありませんが、このコードは認識できません。',
  },
  CONTAINER_OTHER_MARKET: {
    en: 'This container belongs to another country’s programme and cannot be returned here.',
    fr: 'Ce contenant appartient au programme d’un autre pays et ne peut pas être rendu ici.',
    ja: 'この容器は他の国のプログラムのもので、ここでは返却できません。',
  },
  CONTAINER_ALREADY_PENDING: {
    en: 'This container has already been scanned and is waiting for check-in.',
    fr: 'Ce contenant a déjà été scanné et attend son enregistrement au centre de lavage.',
    ja: 'この容器はすでにスキャン済みで、受け入れ処理を待っています。',
  },
  CONTAINER_CLAIM_RECORDED: {
    en: 'Someone else scanned this container first. We noted your scan too: our team checks both when the container arrives.',
    fr: 'Quelqu’un d’autre a scanné ce contenant avant vous. Votre scan est noté aussi : notre équipe vérifie les deux à l’arrivée du contenant.',
    ja: 'この容器は先に別の方がスキャンしています。あなたのスキャンも記録しました。容器が届いた時点で担当者が両方を確認します。',
  },
  TOO_MANY_OPEN_CLAIMS: {
    en: 'Someone else scanned this container first, and several containers you scanned after someone else are already waiting for our team. This scan was not noted: please wait until our team has looked at the others.',
    fr: 'Quelqu’un d’autre a scanné ce contenant avant vous, et plusieurs contenants que vous avez scannés après quelqu’un d’autre attendent déjà notre équipe. Ce scan n’a pas été noté\u202f: attendez que notre équipe ait examiné les autres.',
    ja: 'この容器は先に別の方がスキャンしています。ほかの方の後にスキャンした容器がすでにいくつも担当者の確認を待っているため、今回のスキャンは記録されませんでした。担当者の確認が済むまでお待ちください。',
  },
  DISPUTE_NOT_ALLOWED: {
    en: `This line cannot be disputed: only a rejected return, or a scan still waiting ${pendingProcessingDays} days after it was made, can be.`,
    fr: `Cette ligne ne peut pas être contestée\u202f: seuls un retour refusé, ou un scan toujours en attente ${pendingProcessingDays} jours après, peuvent l’être.`,
    ja: `この項目には異議を申し立てられません。対象は、不承認になった返却か、スキャンから${pendingProcessingDays}日たっても処理待ちのものだけです。`,
  },
  DISPUTE_EXISTS: {
    en: 'You have already disputed this return. We will answer you here.',
    fr: 'Vous avez déjà contesté ce retour. Nous vous répondrons ici.',
    ja: 'この返却にはすでに異議を申し立てています。回答はここに表示されます。',
  },
  TOO_MANY_DISPUTES: {
    en: 'You can dispute up to 10 returns a day. Please try again tomorrow.',
    fr: 'Vous pouvez contester jusqu’à 10 retours par jour. Réessayez demain.',
    ja: '異議を申し立てられるのは1日10件までです。明日もう一度お試しください。',
  },
  DISPUTE_NOT_OPEN: {
    en: 'This dispute was already settled another way.',
    fr: 'Cette contestation a déjà été réglée autrement.',
    ja: 'この異議はすでに別の方法で処理されています。',
  },
  CONTAINER_CLAIM_OPEN: {
    en: 'Another person’s claim on this container is open: resolve it before crediting.',
    fr: 'La revendication d’une autre personne sur ce contenant est ouverte : tranchez-la avant de créditer.',
    ja: 'この容器には別の方の申し立てが未処理のまま残っています。入金する前に処理してください。',
  },
  CONTAINER_CLAIM_AWARDED: {
    en: 'This container’s deposit went to another person’s claim: it cannot be credited again.',
    fr: 'La consigne de ce contenant a été attribuée à la revendication d’une autre personne : elle ne peut pas être créditée une seconde fois.',
    ja: 'この容器のデポジットは別の方の申し立てに支払われたため、再度入金することはできません。',
  },
  CLAIM_NOT_OPEN: {
    en: 'This claim was already resolved another way.',
    fr: 'Cette revendication a déjà été tranchée autrement.',
    ja: 'この申し立てはすでに別の方法で処理されています。',
  },
  CLAIM_FIRST_SCAN_CREDITED: {
    en: 'The first scan of this container was already credited: awarding the claim would pay the deposit twice.',
    fr: 'Le premier scan de ce contenant a déjà été crédité : donner raison à la revendication paierait la consigne deux fois.',
    ja: 'この容器の最初のスキャンにはすでに入金済みです。申し立てを認めるとデポジットが二重に支払われます。',
  },
  INVALID_CURSOR: {
    en: 'This list has changed its pages, or the link is incomplete. Load the list again from the start.',
    fr: 'Les pages de cette liste ont changé, ou le lien est incomplet. Chargez de nouveau la liste depuis le début.',
    ja: 'このリストのページが変わったか、リンクが不完全です。リストを最初から読み込み直してください。',
  },
  SERVICE_BUSY: {
    en: 'We could not finish this just now, and nothing was changed. Please try again in a moment.',
    fr: 'Nous n’avons pas pu terminer pour le moment, et rien n’a été modifié. Réessayez dans un instant.',
    ja: '現在この操作を完了できませんでした。変更は行われていません。しばらくしてからもう一度お試しください。',
  },
  OPERATOR_UNAUTHORIZED: {
    en: 'Log in as an operator to do this.',
    fr: 'Connectez-vous en tant qu’opérateur pour faire ceci.',
    ja: 'この操作にはオペレーターとしてのログインが必要です。',
  },
  OPERATOR_ROLE_REQUIRED: {
    en: 'Your role does not allow this. Ask an administrator for the role it needs.',
    fr: 'Votre rôle ne permet pas ceci. Demandez le rôle nécessaire à un administrateur.',
    ja: 'あなたの役割ではこの操作はできません。必要な役割を管理者に依頼してください。',
  },
  OPERATOR_SIGN_IN_FAILED: {
    en: 'The email, password or authenticator code is wrong.',
    fr: 'L’adresse e-mail, le mot de passe ou le code d’authentification est incorrect.',
    ja: 'メールアドレス、パスワード、または認証コードが正しくありません。',
  },
  REAUTHENTICATION_REQUIRED: {
    en: 'Confirm it is you first: type your password and a new authenticator code, or use one of your passkeys.',
    fr: 'Confirmez d’abord votre identité : saisissez votre mot de passe et un nouveau code d’authentification, ou utilisez l’une de vos clés d’accès.',
    ja: '先に本人確認をしてください。パスワードと新しい認証コードを入力するか、登録済みのパスキーを使ってください。',
  },
  REAUTHENTICATION_FAILED: {
    en: 'The password or authenticator code is wrong, or this passkey is not yours. You are still logged in.',
    fr: 'Le mot de passe ou le code d’authentification est incorrect, ou cette clé d’accès n’est pas la vôtre. Votre session reste ouverte.',
    ja: 'パスワードまたは認証コードが正しくないか、このパスキーはあなたのものではありません。ログイン状態はそのままです。',
  },
  INVITATION_INVALID: {
    en: 'This invitation link has expired or was already used. Ask an administrator for a new one.',
    fr: 'Ce lien d’invitation a expiré ou a déjà servi. Demandez-en un nouveau à un administrateur.',
    ja: 'この招待リンクは期限切れか、すでに使用されています。管理者に新しいリンクを依頼してください。',
  },
  OPERATOR_EXISTS: {
    en: 'An operator with this email address already exists: find them in the list (a disabled one can be enabled again).',
    fr: 'Un opérateur avec cette adresse e-mail existe déjà\u202F: retrouvez-le dans la liste (un opérateur désactivé peut être réactivé).',
    ja: 'このメールアドレスのオペレーターはすでに存在します。一覧で確認してください（無効のオペレーターは再び有効にできます）。',
  },
  AUTOMATION_TOKEN_EXISTS: {
    en: 'An automation token with this name already exists.',
    fr: 'Un jeton d’automatisation porte déjà ce nom.',
    ja: 'この名前の自動化トークンはすでに存在します。',
  },
  LOCAL_CLI_ONLY: {
    en: 'Only the ops command line on the server’s own machine can do this.',
    fr: 'Seule la ligne de commande ops sur la machine du serveur peut faire ceci.',
    ja: 'この操作は、サーバー本体のマシン上の ops コマンドラインからのみ行えます。',
  },
  APPROVAL_SAME_PERSON: {
    en: 'A second operator must approve this: the person who asked for it cannot.',
    fr: 'Un second opérateur doit approuver ceci : la personne qui l’a demandé ne le peut pas.',
    ja: 'この操作は別のオペレーターの承認が必要です。依頼した本人は承認できません。',
  },
  APPROVAL_CREDENTIAL_NOT_ALLOWED: {
    en: 'Approvals are made by a person: log in, or use a token an administrator allowed to approve when making it.',
    fr: 'Une approbation est le fait d’une personne : connectez-vous, ou utilisez un jeton qu’un administrateur a autorisé à approuver en le créant.',
    ja: '承認は本人が行います。ログインするか、作成時に管理者が承認を許可したトークンを使ってください。',
  },
  AUTOMATION_TOKEN_NAME_RESERVED: {
    en: 'This name is kept for the keys the audit trail names (OPS_KEY, cli, seed, test): choose another.',
    fr: 'Ce nom est réservé aux clés que le journal d’audit nomme (OPS_KEY, cli, seed, test) : choisissez-en un autre.',
    ja: 'この名前は監査ログがキーに使う名前（OPS_KEY、cli、seed、test）のため使えません。別の名前を選んでください。',
  },
  OPERATOR_NOT_DISABLED: {
    en: 'This operator is not disabled.',
    fr: 'Cet opérateur n’est pas désactivé.',
    ja: 'このオペレーターは無効になっていません。',
  },
  OPERATOR_NOT_INVITED: {
    en: 'This operator has already joined, or is disabled: there is no invitation to send again.',
    fr: 'Cet opérateur a déjà rejoint l’équipe, ou il est désactivé\u202F: il n’y a pas d’invitation à renvoyer.',
    ja: 'このオペレーターは参加済みか、無効になっています。再送する招待はありません。',
  },
  OPERATOR_NOT_ACTIVE: {
    en: 'This operator has not joined yet, or is disabled: send them an invitation, or enable them first.',
    fr: 'Cet opérateur n’a pas encore rejoint l’équipe, ou il est désactivé\u202F: envoyez-lui une invitation, ou réactivez-le d’abord.',
    ja: 'このオペレーターはまだ参加していないか、無効になっています。招待を送るか、先に有効にしてください。',
  },
  PASSWORD_RESET_INVALID: {
    en: 'This link is not valid any more: it was used, it expired, or a newer one was sent. Ask for a new one from the login page.',
    fr: 'Ce lien n’est plus valable\u202F: il a déjà servi, il a expiré, ou un lien plus récent a été envoyé. Demandez-en un nouveau depuis la page de connexion.',
    ja: 'このリンクはもう使えません。使用済みか、期限切れか、新しいリンクが送られています。ログインページから新しいリンクを申請してください。',
  },
  OPERATOR_CODE_USED: {
    en: 'This authenticator code was just used. Wait for the next code (at most 30 seconds), then log in with it.',
    fr: 'Ce code d’authentification vient d’être utilisé. Attendez le code suivant (30 secondes au plus), puis connectez-vous avec.',
    ja: 'この認証コードは使用済みです。次のコードが表示されるまで（最大30秒）お待ちになり、そのコードでログインしてください。',
  },
  OPERATOR_DUTIES_APART: {
    en: 'Printing labels and checking containers in are kept apart: one operator or token cannot hold both the labels and the check-in roles.',
    fr: 'L’impression des étiquettes et l’enregistrement des contenants sont séparés : un même opérateur ou jeton ne peut pas avoir à la fois les rôles étiquettes et enregistrement.',
    ja: 'ラベルの発行と容器の受け入れは分けられています。同じオペレーターやトークンにラベル発行と受け入れの両方の役割は付けられません。',
  },
  APPROVAL_NOT_PENDING: {
    en: 'This request was already approved or rejected.',
    fr: 'Cette demande a déjà été approuvée ou refusée.',
    ja: 'この依頼はすでに承認または不承認になっています。',
  },
  CHECKIN_UNDO_TOO_LATE: {
    en: 'This check-in is too old to undo: correct it with an adjustment.',
    fr: 'Cet enregistrement est trop ancien pour être annulé : corrigez-le par un ajustement.',
    ja: 'このチェックインは取り消せる時間を過ぎています。調整で修正してください。',
  },
  CHECKIN_CREDIT_SPENT: {
    en: 'A customer of this check-in has already withdrawn the money it credited: correct it with an adjustment.',
    fr: 'Un client de cet enregistrement a déjà retiré l’argent crédité : corrigez-le par un ajustement.',
    ja: 'このチェックインで入金された金額を、すでに出金したお客さまがいます。調整で修正してください。',
  },
  OPERATOR_LAST_ADMIN: {
    en: 'This is the last active administrator: make another one first.',
    fr: 'C’est le dernier administrateur actif : nommez-en d’abord un autre.',
    ja: '有効な管理者はこの1人だけです。先に別の管理者を設定してください。',
  },
  CLAIMANT_ACCOUNT_DELETED: {
    en: 'The person who made this claim has deleted their account: there is no one to pay. Dismiss the claim instead.',
    fr: 'La personne qui a fait cette revendication a supprimé son compte : il n’y a personne à payer. Rejetez plutôt la revendication.',
    ja: 'この申し立てをした方はアカウントを削除しているため、支払い先がありません。申し立てを不承認にしてください。',
  },
  TOO_MANY_PENDING_SCANS: {
    en: 'You have 100 containers waiting for check-in. Please wait until some of them are checked in before scanning more.',
    fr: 'Vous avez 100 contenants en attente d’enregistrement. Attendez que certains soient enregistrés avant d’en scanner d’autres.',
    ja: '受け入れ待ちの容器が100個あります。いくつか受け入れられてから、追加でスキャンしてください。',
  },
  SCAN_ID_CONFLICT: {
    en: 'This scan was already recorded with another code.',
    fr: 'Ce scan a déjà été enregistré avec un autre code.',
    ja: 'このスキャンはすでに別のコードで記録されています。',
  },
  SCAN_IN_FUTURE: {
    en: "The scan time is in the future. Please check your device's clock.",
    fr: 'L’heure du scan est dans le futur. Veuillez vérifier l’horloge de votre appareil.',
    ja: 'スキャン日時が未来になっています。端末の時計を確認してください。',
  },
  SCAN_TOO_OLD: {
    en: 'This scan is too old to be recorded. Please scan the container again.',
    fr: 'Ce scan est trop ancien pour être enregistré. Veuillez scanner à nouveau le contenant.',
    ja: 'このスキャンは古すぎるため記録できません。容器をもう一度スキャンしてください。',
  },
  SCAN_NOT_PENDING: {
    en: 'This scan is no longer pending.',
    fr: 'Ce scan n’est plus en attente.',
    ja: 'このスキャンはすでに処理されています。',
  },
  INSUFFICIENT_BALANCE: {
    en: 'The balance is too low for this amount.',
    fr: 'Le solde est insuffisant pour ce montant.',
    ja: '残高が不足しています。',
  },
  IDEMPOTENCY_CONFLICT: {
    en: 'This request key was already used for a different request.',
    fr: 'Cette clé de requête a déjà été utilisée pour une autre requête.',
    ja: 'このリクエストキーはすでに別のリクエストで使用されています。',
  },
  OPS_KEY_INVALID: {
    en: 'A valid operator key is required.',
    fr: 'Une clé opérateur valide est requise.',
    ja: '有効なオペレーターキーが必要です。',
  },
  AMOUNT_BELOW_MINIMUM: {
    en: 'This amount is below the minimum withdrawal.',
    fr: 'Ce montant est inférieur au retrait minimum.',
    ja: 'この金額は最低出金額を下回っています。',
  },
  PAYMENT_METHOD_UNAVAILABLE: {
    en: 'This payment method is not offered in your country.',
    fr: 'Ce moyen de paiement n’est pas proposé dans votre pays.',
    ja: 'この出金先はお住まいの国では利用できません。',
  },
  PAYMENT_METHOD_MISSING: {
    en: 'Please add a payment method before withdrawing.',
    fr: 'Veuillez ajouter un moyen de paiement avant de faire un retrait.',
    ja: '出金する前に出金先を登録してください。',
  },
  WITHDRAWAL_NOT_PENDING: {
    en: 'This withdrawal is no longer pending.',
    fr: 'Ce retrait n’est plus en attente.',
    ja: 'この出金はすでに処理されています。',
  },
  BANK_ANSWER_UNREADABLE: {
    en: 'This file could not be read as a bank’s or PayPal’s answer. Nothing was settled.',
    fr: 'Ce fichier n’a pas pu être lu comme une réponse de banque ou de PayPal. Rien n’a été réglé.',
    ja: 'このファイルは銀行またはPayPalの回答として読み取れませんでした。何も精算されていません。',
  },
  PAYOUT_ORIGINATOR_MISSING: {
    en: 'No bank file was written: the programme’s own bank account for a market of these payouts is not configured (PAYOUT_ORIGINATOR_<market> on the server). Nothing was marked as exported.',
    fr: 'Aucun fichier bancaire n’a été écrit\u202f: le compte bancaire du programme n’est pas configuré pour un marché de ces paiements (PAYOUT_ORIGINATOR_<marché> sur le serveur). Aucun paiement n’a été marqué comme exporté.',
    ja: '銀行ファイルを作成できませんでした。これらの支払いの市場について、プログラム自身の銀行口座が設定されていません（サーバーの PAYOUT_ORIGINATOR_<市場>）。エクスポート済みになった支払いはありません。',
  },
};

/**
 * Keys a form field can fail with. Schemas use them as their issue
 * messages; the server sends them in `error.fields`, and the app shows
 * each in the user's language.
 */
export const fieldErrorKeys = [
  'required',
  'enterValidEmail',
  'enterValidPsw',
  'emailInputError',
  'passwordTooShort',
  'passwordTooLong',
  'passwordsDoNotMatch',
  'acceptTerms',
  'enterFourDigits',
  'zipCodeTooShort',
  'zipCodeInvalid',
  'tooLong',
  'messageTooShort',
  'messageTooLong',
  'invalidValue',
  'unknownField',
  'confirmDeletion',
  'wrongPassword',
  'routingNumberInvalid',
  'accountNumberInvalid',
  'ibanInvalid',
  'sortCodeInvalid',
  'transitNumberInvalid',
  'institutionNumberInvalid',
  'bankCodeInvalid',
  'branchCodeInvalid',
  'accountNameKana',
  'accountNameTooLong',
  'linePayNumberInvalid',
  'phoneLast4Invalid',
  'amountInvalid',
  'amountBelowMinimum',
  'amountAboveBalance',
  'amountWholeYen',
  'amountTooManyDecimals',
  'photoInvalid',
  'photoTooLarge',
  'containerCodeMissing',
  'containerCodeInvalid',
  'containerCodeTypo',
] as const;
export type FieldErrorKey = (typeof fieldErrorKeys)[number];

export function isFieldErrorKey(value: unknown): value is FieldErrorKey {
  return typeof value === 'string' && (fieldErrorKeys as readonly string[]).includes(value);
}

/** The one error shape of the API (docs/architecture.md, Errors). */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, FieldErrorKey>;
  };
}
