import { describe, expect, it } from 'vitest';
import { adjustBody, isRecordId, isZeroAmount, payoutFailBody } from './operator-requests';

describe('operator request bodies, shared by the server, the console and the CLI', () => {
  it('recognises record ids as the server writes them, in either case, and nothing else', () => {
    expect(isRecordId('0b9f5a2c-3d4e-4f60-8a7b-1c2d3e4f5a6b')).toBe(true);
    expect(isRecordId('0B9F5A2C-3D4E-4F60-8A7B-1C2D3E4F5A6B')).toBe(true);
    expect(isRecordId('finn@example.com')).toBe(false);
    expect(isRecordId('0b9f5a2c3d4e4f608a7b1c2d3e4f5a6b')).toBe(false);
  });

  it('takes a signed amount with at most two decimals, a comma or a point, and names the field it refuses', () => {
    const customer = { email: 'finn@example.com', comment: 'Bin jammed' };
    expect(adjustBody.safeParse({ ...customer, amount: '-2,50' }).success).toBe(true);
    expect(adjustBody.safeParse({ ...customer, amount: '12' }).success).toBe(true);
    for (const amount of ['6,505', '1e3', '2.', '', ' ']) {
      const parsed = adjustBody.safeParse({ ...customer, amount });
      expect(parsed.success, amount).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('amount');
    }
    expect(adjustBody.safeParse({ amount: '1', comment: 'x' }).error?.issues[0]?.path).toEqual(['user_id']);
  });

  it('tells an amount that moves nothing from one that does', () => {
    expect(['0', '-0', '0.00', '-0,0'].every(isZeroAmount)).toBe(true);
    expect(['0.01', '-0,10', '10'].some(isZeroAmount)).toBe(false);
  });

  it('asks a failed payout for its reason and defaults its status to FAILED', () => {
    expect(payoutFailBody.parse({ reason: ' Account closed ' })).toEqual({ reason: 'Account closed', status: 'FAILED' });
    expect(payoutFailBody.safeParse({ reason: '   ' }).error?.issues[0]?.message).toBe('required');
  });
});
