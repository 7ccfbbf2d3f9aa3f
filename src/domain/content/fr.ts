import type { ContentShape } from './en';
import type { LanguageContent } from './namespaces';

/** The French page texts, key for key as the English source. */
export const frContent = {
  home: {
    title: 'Accueil',
    heading: 'Rapportez vos contenants, récupérez votre consigne',
    description: 'Achetez des produits en contenants réutilisables, rapportez-les vides et récupérez votre consigne.',
    lead: 'Roundtrip est un programme de consigne pour les emballages réutilisables. Vous payez une petite consigne en achetant un produit dans un contenant Roundtrip. Déposez le contenant vide dans un bac de retour, scannez son code QR, et la consigne revient sur votre solde dès que le contenant arrive à notre centre de lavage.',
    'benefit.deposit.title': 'Votre consigne, remboursée en entier',
    'benefit.deposit.text':
      'Chaque contenant rapporté est crédité du montant de la consigne payée. Virez votre solde sur votre compte bancaire ou PayPal à partir de {minimum}.',
    'benefit.reuse.title': 'Des contenants qui reviennent',
    'benefit.reuse.text':
      'Les contenants rapportés sont contrôlés, lavés et remplis à nouveau. Un seul contenant remplace des dizaines d’emballages à usage unique.',
    'benefit.offline.title': 'Scannez partout',
    'benefit.offline.text':
      'L’application fonctionne sans connexion : un scan fait hors ligne est gardé sur votre téléphone et envoyé dès que vous êtes de nouveau en ligne.',
    'cta.heading': 'Pour commencer',
    'cta.text':
      'Créez un compte gratuit pour récupérer vos consignes, voyez où acheter et rapporter, ou lisez le fonctionnement du programme étape par étape.',
  },
  'how-it-works': {
    title: 'Comment ça marche',
    description: 'Comment rapporter les contenants Roundtrip et récupérer votre consigne.',
    intro:
      'Quatre étapes, du rayon du magasin à votre compte bancaire. Un compte Roundtrip gratuit garde la trace de chaque contenant rapporté.',
    'step.buy.title': 'Achetez',
    'step.buy.text':
      'Choisissez un produit en contenant Roundtrip dans un magasin participant. La consigne figure sur l’étiquette et est comprise dans le prix.',
    'step.return.title': 'Rapportez et scannez',
    'step.return.text':
      'Une fois le contenant vide, scannez le code QR de son étiquette avec l’application Roundtrip (ou l’appareil photo de votre téléphone), puis déposez-le dans un bac de retour Roundtrip. Inutile de le laver : un rinçage suffit.',
    'step.checkin.title': 'Enregistrement au centre de lavage',
    'step.checkin.text':
      'Votre scan apparaît en attente. Les bacs sont vidés et les contenants emportés à notre centre de lavage, où chacun est enregistré. Cela prend jusqu’à {days} jours. Un contenant cassé ou qui n’est pas le nôtre est refusé, et l’application vous en donne la raison.',
    'step.credit.title': 'Consigne créditée',
    'step.credit.text':
      'À l’enregistrement, la consigne est ajoutée à votre solde. Votre historique montre chaque article rapporté et le montant crédité.',
    'withdraw.heading': 'Retirez votre solde',
    'withdraw.text':
      'Virez votre solde sur un compte bancaire ou sur PayPal une fois votre adresse e-mail confirmée. Le retrait minimum est de {minimum}.',
    'withdraw.fee':
      'Au Japon, un retrait de moins de {feeThreshold} entraîne des frais de retrait de {fee}, vers un compte bancaire comme vers PayPal ; à partir de {feeThreshold}, il est gratuit.',
    'withdraw.no_fee': 'Les retraits sont gratuits.',
    'offline.heading': 'Pas de réseau près du bac ?',
    'offline.text':
      'Scannez quand même. L’application garde le scan sur votre téléphone, l’affiche comme en attente d’envoi et l’envoie dès que vous êtes de nouveau en ligne.',
  },
  faq: {
    title: 'Questions fréquentes',
    description: 'Réponses aux questions courantes sur le retour des contenants, les consignes et votre compte.',
    intro: 'Vous ne trouvez pas votre réponse ? Écrivez au service client avec le formulaire de contact.',
    'lost_label.q': 'L’étiquette ou le code QR de mon contenant est absent ou illisible. Que faire ?',
    'lost_label.a':
      'Saisissez dans votre compte le code de 11 caractères imprimé sous le code QR au lieu de le scanner. Si toute l’étiquette a disparu, rapportez quand même le contenant : il sera réutilisé, mais sans son code nous ne pouvons créditer la consigne à personne.',
    'damaged.q': 'Mon contenant est fêlé ou abîmé. Puis-je quand même le rapporter ?',
    'damaged.a':
      'Oui, rapportez-le pour qu’il soit recyclé. Un contenant qui ne peut pas être réutilisé est refusé à l’enregistrement et aucune consigne n’est créditée ; votre historique en indique la raison.',
    'pending.q': 'Pourquoi mon scan est-il toujours en attente ?',
    'pending.a':
      'Un scan reste en attente jusqu’à ce que le contenant arrive à notre centre de lavage et y soit enregistré. Les bacs sont vidés selon un calendrier, ce qui prend jusqu’à {days} jours. Vous n’avez rien à faire.',
    'pending_long.q': 'Mon scan est en attente depuis plus de {days} jours.',
    'pending_long.a':
      'Ouvrez ce scan dans votre historique et choisissez « Contester ce retour ». Nous rechercherons le contenant et, s’il a été rapporté en bon état, créditerons sa consigne.',
    'rejected.q': 'Pourquoi mon retour a-t-il été refusé ?',
    'rejected.a':
      'Un retour est refusé lorsque le contenant arrive cassé, n’est pas un contenant Roundtrip ou que son code ne correspond pas au contenant. Les scans refusés figurent dans votre historique avec leur raison ; aucun montant n’est crédité. Si un refus vous semble injustifié, ouvrez ce retour dans votre historique et choisissez « Contester ce retour » : nous le vérifions et vous répondons au même endroit.',
    'fees.q': 'Y a-t-il des frais ?',
    'fees.a':
      'Rapporter des contenants est gratuit, tout comme les retraits, à une exception près : au Japon, des frais de retrait de {fee} s’appliquent aux retraits de moins de {feeThreshold}, vers un compte bancaire comme vers PayPal.',
    'minimum.q': 'Quel est le montant minimum que je peux retirer ?',
    'minimum.a': 'Vous pouvez retirer à partir de {minimum}. En dessous, votre solde reste sur votre compte et augmente à chaque retour.',
    'verify.q': 'Pourquoi ne puis-je pas retirer mon solde ?',
    'verify.a':
      'Les retraits nécessitent une adresse e-mail confirmée. Ouvrez votre compte, demandez un nouveau code si besoin, et saisissez les 4 chiffres que nous vous envoyons. Vérifiez aussi que votre solde atteint le minimum.',
    'offline.q': 'Puis-je scanner sans connexion ?',
    'offline.a':
      'Oui. Le scan est enregistré sur votre téléphone et affiché comme en attente d’envoi ; l’application l’envoie dès que vous êtes de nouveau en ligne. Ouvrez l’application en ligne dans les 7 jours suivant le scan pour qu’il soit enregistré.',
    'other_market.q': 'Puis-je rapporter un contenant acheté dans un autre pays ?',
    'other_market.a':
      'Non. Les consignes sont payées dans la monnaie de chaque pays : un contenant ne peut être rapporté que dans le pays où il a été vendu. L’application vous prévient lorsqu’un contenant appartient au programme d’un autre pays.',
    'data.q': 'Que faites-vous de mes données ?',
    'data.a':
      'Nous gardons ce dont le programme a besoin : votre compte, vos scans, l’historique de votre solde et, si vous les ajoutez, vos coordonnées de paiement, stockées chiffrées. Nous ne vendons jamais vos données. La politique de confidentialité indique ce que nous gardons, combien de temps, et comment en obtenir une copie.',
    'delete.q': 'Pourquoi ne puis-je pas supprimer mon compte ?',
    'delete.a':
      'Vous pouvez supprimer votre compte dès que rien n’est en attente (un scan, un retrait ou une contestation) et que votre solde est retiré. Un solde inférieur au retrait minimum de {minimum} ne peut pas être versé : vous pouvez y renoncer en supprimant votre compte. Si quelque chose est encore en attente, vous pouvez envoyer votre demande de suppression au service client.',
    'change_email.q': 'Comment changer mon adresse e-mail ou mon {postcode} ?',
    'change_email.a':
      'Pour votre sécurité, ils ne peuvent pas être modifiés dans l’application. Envoyez-nous un message avec le formulaire de contact depuis l’adresse de votre compte.',
  },
  'shop-and-return': {
    title: 'Acheter et rapporter',
    description: 'Où acheter les produits Roundtrip et où rapporter les contenants vides.',
    intro:
      'Les produits Roundtrip sont vendus en contenants réutilisables dans les magasins participants. Chacun porte une consigne qui vous est rendue quand vous le rapportez.',
    'step.buy': 'Achetez un produit en contenant Roundtrip. Sa consigne est comprise dans le prix.',
    'step.enjoy': 'Profitez-en, puis déposez le contenant vide dans un bac de retour Roundtrip.',
    'step.scan': 'Scannez le code QR du contenant avec votre téléphone, ou saisissez dans votre compte le code imprimé dessous.',
    'step.credit': 'Une fois le contenant enregistré au centre de lavage (jusqu’à {days} jours), sa consigne est ajoutée à votre solde.',
    'products.heading': 'Les produits et leur consigne',
  },
  'privacy-policy': {
    title: 'Conditions et confidentialité',
    description: 'Les conditions d’utilisation de Roundtrip et la façon dont nous traitons vos données.',
    intro:
      'Cette politique explique quelles données personnelles Roundtrip conserve lorsque vous utilisez l’application, pourquoi, combien de temps, et les droits dont vous disposez.',
    'controller.heading': 'Responsable du traitement',
    'controller.text':
      'Roundtrip, exploitant du programme de consigne dans votre pays, est responsable du traitement de vos données personnelles. Vous pouvez joindre notre contact pour la protection des données avec le formulaire de contact (sujet « Confidentialité et mes données »).',
    'data.heading': 'Ce que nous conservons',
    'data.text':
      '- Votre compte : nom, adresse e-mail, pays, langue, {postcode} et, si vous les indiquez, votre adresse, ville et région.\n- Vos scans : le code du contenant, le produit et la date du scan.\n- L’historique de votre solde : consignes créditées, refus, ajustements du service client et retraits.\n- Vos coordonnées de paiement (compte bancaire ou PayPal), stockées chiffrées et affichées masquées.\n- Les messages que vous nous envoyez avec le formulaire de contact.',
    'purposes.heading': 'Pourquoi nous les utilisons',
    'purposes.text':
      'Pour gérer votre compte, créditer la consigne des contenants rapportés, vous verser votre solde, répondre à vos messages et protéger le programme contre la fraude. Nous ne vendons pas vos données et ne les utilisons pas à des fins publicitaires.',
    'retention.heading': 'Durée de conservation',
    'retention.text':
      'Nous conservons vos données tant que votre compte est ouvert. Lorsque vous supprimez votre compte, nous effaçons votre nom, votre adresse e-mail, vos coordonnées et vos coordonnées de paiement. L’historique des sommes créditées et versées est conservé, sans vos coordonnées, aussi longtemps que l’exigent les lois comptables et fiscales (jusqu’à 10 ans). Les messages de contact sont supprimés deux ans après notre réponse.',
    'sharing.heading': 'Destinataires',
    'sharing.text':
      'Notre hébergeur, ainsi que la banque ou PayPal lors d’un retrait, ne reçoivent que ce qui leur est nécessaire. Chacun agit dans le cadre d’un contrat avec nous.',
    'rights.heading': 'Vos droits',
    'rights.text':
      'Vous pouvez consulter et corriger vos données dans votre profil, en télécharger une copie depuis votre compte et supprimer votre compte. Vous pouvez aussi demander l’accès, la rectification, l’effacement, la limitation ou la portabilité, ou vous opposer à un traitement, via la page de demande relative aux données. Vous pouvez déposer une réclamation auprès de la CNIL ou de votre autorité de protection des données.',
    'cookies.heading': 'Cookies et stockage local',
    'cookies.necessary':
      'Strictement nécessaires : les cookies token et refreshToken gardent votre session ouverte ; ils expirent avec votre session. Votre choix de langue et les données consultables hors ligne sont conservés dans ce navigateur.',
    'cookies.analytics':
      'Statistiques, uniquement avec votre accord : les pages que vous consultez sont comptées dans ce navigateur seulement. Rien n’est envoyé à un tiers.',
    'contact.heading': 'Contact',
    'contact.text':
      'Pour toute question sur cette politique ou sur vos données, écrivez-nous avec le formulaire de contact. Nous répondons sous un mois.',
  },
  'contact-us': {
    title: 'Nous contacter',
    description: 'Contactez le service client Roundtrip.',
    intro:
      'Une question sur un retour, votre solde ou votre compte ? Envoyez-nous un message et le service client vous répondra par e-mail, en général sous deux jours ouvrés. La FAQ a peut-être déjà la réponse.',
    consent:
      'Nous utilisons votre nom, votre adresse e-mail et votre message uniquement pour vous répondre, et supprimons le message deux ans après notre réponse. Voir la politique de confidentialité pour plus de détails.',
  },
} as const satisfies LanguageContent<ContentShape>;
