/**
 * What a contact message is about (support sorts its inbox by it) and how long it may be. Apart from
 * the schema (zod) so that the contact page can draw its form without loading zod at start.
 */
export const contactTopics = ['returns', 'balance', 'withdrawals', 'account', 'privacy', 'other'] as const;
export type ContactTopic = (typeof contactTopics)[number];

export const contactMessageMinLength = 10;
export const contactMessageMaxLength = 2000;
