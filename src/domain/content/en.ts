/**
 * The English page texts: the source every other language follows key for key, the app's
 * bundled fallback and the server's seed. Placeholders in braces are filled per market
 * (namespaces.ts).
 */
export const enContent = {
  home: {
    title: 'Home',
    heading: 'Return your containers, get your deposit back',
    description: 'Buy products in reusable containers, return them empty and get your deposit back.',
    lead: 'Roundtrip is a deposit-return programme for reusable packaging. You pay a small deposit when you buy a product in a Roundtrip container. Drop the empty container in a return bin, scan its QR code, and the deposit comes back to your balance once the container reaches our cleaning facility.',
    'benefit.deposit.title': 'Your deposit, back in full',
    'benefit.deposit.text':
      'Every container you return is credited at the deposit you paid. Withdraw your balance to your bank account or PayPal from {minimum}.',
    'benefit.reuse.title': 'Containers that come back',
    'benefit.reuse.text': 'Returned containers are inspected, washed and filled again. One container replaces dozens of single-use packs.',
    'benefit.offline.title': 'Scan anywhere',
    'benefit.offline.text':
      'The app works without a connection: a scan made offline is kept on your phone and sent as soon as you are back online.',
    'cta.heading': 'Get started',
    'cta.text':
      'Create a free account to collect your deposits, see where to shop and return, or read how the programme works step by step.',
  },
  'how-it-works': {
    title: 'How it works',
    description: 'How to return Roundtrip containers and get your deposit back.',
    intro: 'Four steps from the shop shelf to your bank account. A free Roundtrip account keeps track of every container you return.',
    'step.buy.title': 'Buy',
    'step.buy.text':
      'Choose a product in a Roundtrip container at a participating shop. The deposit is shown on the label and included in the price.',
    'step.return.title': 'Return and scan',
    'step.return.text':
      'When the container is empty, scan the QR code on its label with the Roundtrip app (or your phone camera), then drop it in a Roundtrip return bin. No need to wash it: a rinse is enough.',
    'step.checkin.title': 'Check-in at the cleaning facility',
    'step.checkin.text':
      'Your scan shows as pending. Bins are emptied and the containers taken to our cleaning facility, where each one is checked in. This takes up to {days} days. A container that arrives broken or is not ours is rejected, and the app tells you why.',
    'step.credit.title': 'Deposit credited',
    'step.credit.text': 'At check-in the deposit is added to your balance. Your history shows each returned item and the amount credited.',
    'withdraw.heading': 'Withdraw your balance',
    'withdraw.text':
      'Withdraw your balance to a bank account or to PayPal once you have confirmed your email address. The smallest withdrawal is {minimum}.',
    'withdraw.fee':
      'In Japan, a withdrawal of less than {feeThreshold} carries a withdrawal fee of {fee}, to a bank account and to PayPal alike; from {feeThreshold} it is free.',
    'withdraw.no_fee': 'Withdrawals are free of charge.',
    'offline.heading': 'No signal at the bin?',
    'offline.text':
      'Scan anyway. The app keeps the scan on your phone, shows it as waiting to upload, and sends it as soon as you are back online.',
  },
  faq: {
    title: 'Frequently asked questions',
    description: 'Answers to common questions about returning containers, deposits and your account.',
    intro: 'Can’t find your answer here? Write to customer care with the contact form.',
    'lost_label.q': 'The label or QR code on my container is missing or unreadable. What can I do?',
    'lost_label.a':
      'Type the 11-character code printed under the QR code in your account instead of scanning it. If the whole label is gone, return the container anyway: it is still reused, but we cannot credit a deposit to anyone without its code.',
    'damaged.q': 'My container is cracked or damaged. Can I still return it?',
    'damaged.a':
      'Yes, please return it so that it can be recycled. A container that cannot be reused is rejected at check-in and no deposit is credited; your history shows the reason.',
    'pending.q': 'Why is my scan still pending?',
    'pending.a':
      'A scan stays pending until the container reaches our cleaning facility and is checked in there. Bins are emptied on a schedule, so this takes up to {days} days. Nothing needs to be done on your side.',
    'pending_long.q': 'My scan has been pending for more than {days} days.',
    'pending_long.a':
      'Open the scan in your history and choose “Dispute this return”. We will look for the container and, if it was returned in good condition, credit its deposit.',
    'rejected.q': 'Why was my return rejected?',
    'rejected.a':
      'A return is rejected when the container arrives broken, is not a Roundtrip container, or its code does not match the container. Rejected scans show in your history with the reason; no money is credited for them. If you think a rejection is wrong, open the return in your history and choose “Dispute this return”: we check it and answer you there.',
    'fees.q': 'Are there any fees?',
    'fees.a':
      'Returning containers is free, and so are withdrawals, with one exception: in Japan a withdrawal fee of {fee} applies to withdrawals of less than {feeThreshold}, to a bank account and to PayPal alike.',
    'minimum.q': 'What is the smallest amount I can withdraw?',
    'minimum.a': 'You can withdraw from {minimum}. Below that, your balance stays in your account and keeps growing with each return.',
    'verify.q': 'Why can’t I withdraw my balance?',
    'verify.a':
      'Withdrawals need a confirmed email address. Open your account, ask for a new code if you need one, and enter the 4 digits we send you. Also check that your balance reaches the minimum.',
    'offline.q': 'Can I scan without a connection?',
    'offline.a':
      'Yes. The scan is saved on your phone and shown as waiting to upload; the app sends it as soon as you are back online. Open the app once online within 7 days of the scan so that it can be recorded.',
    'other_market.q': 'Can I return a container bought in another country?',
    'other_market.a':
      'No. Deposits are paid in each country’s currency, so a container can only be returned in the country where it was sold. The app tells you when a container belongs to another country’s programme.',
    'data.q': 'What do you do with my data?',
    'data.a':
      'We keep what the programme needs: your account, your scans, your balance history and, if you add them, your payout details, which are stored encrypted. We never sell your data. The privacy policy says what we keep, for how long, and how to ask for a copy.',
    'delete.q': 'Why can’t I delete my account?',
    'delete.a':
      'You can delete your account once nothing is pending (a scan, a withdrawal or a dispute) and your balance is withdrawn. A balance below the minimum withdrawal of {minimum} cannot be paid out: you can give it up when you delete your account. If something is still pending, you can send your deletion request to customer care.',
    'change_email.q': 'How do I change my email address or {postcode}?',
    'change_email.a':
      'For your security these cannot be changed in the app. Send us a message with the contact form from the address on your account.',
  },
  'shop-and-return': {
    title: 'Shop and return',
    description: 'Where to buy Roundtrip products and where to return the empty containers.',
    intro:
      'Roundtrip products are sold in reusable containers at participating shops. Each one carries a deposit that you get back when you return it.',
    'step.buy': 'Buy a product in a Roundtrip container. Its deposit is part of the price.',
    'step.enjoy': 'Enjoy it, then drop the empty container in a Roundtrip return bin.',
    'step.scan': 'Scan the QR code on the container with your phone, or type the code printed under it in your account.',
    'step.credit': 'Once the container is checked in at the cleaning facility (up to {days} days), its deposit is added to your balance.',
    'products.heading': 'Products and their deposits',
  },
  'privacy-policy': {
    title: 'Terms and privacy',
    description: 'The terms of use of Roundtrip and how we handle your data.',
    intro:
      'This policy explains which personal data Roundtrip keeps when you use the app, why, for how long, and the rights you have over it.',
    'controller.heading': 'Who is responsible',
    'controller.text':
      'Roundtrip, the operator of the deposit-return programme in your country, is the controller of your personal data. You can reach our data protection contact through the contact form (topic “Privacy and my data”).',
    'data.heading': 'What we keep',
    'data.text':
      '- Your account: name, email address, country, language, {postcode} and, if you give them, your address, city and state.\n- Your scans: the container code, the product, and when you scanned it.\n- Your balance history: deposits credited, rejections, adjustments made by customer care, and withdrawals.\n- Your payout details (bank account or PayPal), stored encrypted and shown masked.\n- Messages you send us through the contact form.',
    'purposes.heading': 'Why we use it',
    'purposes.text':
      'To run your account, credit the deposits of the containers you return, pay out your balance, answer your messages, and keep the programme safe from fraud. We do not sell your data and we do not use it for advertising.',
    'retention.heading': 'How long we keep it',
    'retention.text':
      'We keep your data while your account is open. When you delete your account we erase your name, email address, contact details and payout details. The record of money credited and paid out is kept, without your contact details, for as long as accounting and tax law requires (up to 10 years). Contact messages are deleted two years after they were answered.',
    'sharing.heading': 'Who receives it',
    'sharing.text':
      'Our hosting provider, and the bank or PayPal when you withdraw, receive only what they need to do their part. Each acts under a contract with us.',
    'rights.heading': 'Your rights',
    'rights.text':
      'You can see and correct your data in your profile, download a copy of it from your account, and delete your account. You can also ask for access, correction, erasure, restriction or portability, or object to a use of your data, through the data request page. You may complain to your data protection authority.',
    'cookies.heading': 'Cookies and local storage',
    'cookies.necessary':
      'Strictly necessary: the cookies token and refreshToken keep you logged in; they expire with your session. Your language choice and the data you see offline are kept in this browser.',
    'cookies.analytics':
      'Analytics, only with your consent: the pages you view are counted in this browser only. Nothing is sent to a third party.',
    'contact.heading': 'Contact',
    'contact.text': 'For any question about this policy or your data, write to us with the contact form. We answer within one month.',
  },
  'contact-us': {
    title: 'Contact us',
    description: 'Get in touch with Roundtrip customer care.',
    intro:
      'Questions about a return, your balance or your account? Send us a message and customer care will answer by email, usually within two working days. The FAQ may already have the answer.',
    consent:
      'We use your name, email address and message only to answer you, and delete the message two years after our answer. See the privacy policy for details.',
  },
} as const;

export type ContentShape = typeof enContent;
