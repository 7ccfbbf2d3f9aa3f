/**
 * The mails an operator chooses to get from the console (docs/operators.md, Mails to operators):
 * the body of PUT /ops/me/notices and the answer of both calls, apart from the other operator
 * schemas so that the console's start page loads only these.
 */
import { z } from 'zod';

/** What an operator's daily digest does: mailed each morning when something waits in their lists, or never. */
export const operatorDigestNotices = ['daily', 'off'] as const;
export type OperatorDigestNotice = (typeof operatorDigestNotices)[number];
/** A new request for a second operator: a mail at once, a line of the digest, or neither. */
export const operatorApprovalNotices = ['immediate', 'digest', 'off'] as const;
export type OperatorApprovalNotice = (typeof operatorApprovalNotices)[number];

/** PUT /ops/me/notices: the mails the calling operator gets from the console (docs/operators.md, Mails to operators). */
export const operatorNoticesBody = z.strictObject({
  digest: z.enum(operatorDigestNotices, { error: 'invalidValue' }),
  approvals: z.enum(operatorApprovalNotices, { error: 'invalidValue' }),
});
export type OperatorNoticesRequest = z.input<typeof operatorNoticesBody>;

/** GET and PUT /ops/me/notices: the mails the calling operator chose to get. */
export const operatorNoticesSchema = z.object({ data: operatorNoticesBody });
export type OperatorNotices = z.infer<typeof operatorNoticesSchema>['data'];
