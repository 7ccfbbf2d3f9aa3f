import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, withdrawals } from '../../db/schema';
import type { CliCommandResult } from '../../operator-cli/commands-route';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { cliHeaders, createWalletTestApp, operatorHeaders, ops } from '../../testing/wallet';
import { japaneseBankAccount, saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../../testing/withdrawals';
import { parseBankAnswer, refusalReason } from './bank-answers';

async function run(
  t: TestApp,
  argv: string[],
  files: Record<string, string> = {},
  binaryFiles: Record<string, string> = {},
): Promise<CliCommandResult> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/v2/ops/commands',
    headers: cliHeaders,
    payload: { argv, files, binary_files: binaryFiles, cwd: '/srv/ops' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CliCommandResult }>().data;
}

/** A bank's pain.002.001.10 status report rejecting the given end-to-end ids with their reason codes. */
function pain002(rejected: { endToEndId: string; code: string }[], accepted: string[] = []): string {
  const transaction = (id: string, status: string, code?: string) => `      <TxInfAndSts>
        <OrgnlEndToEndId>${id}</OrgnlEndToEndId>
        <TxSts>${status}</TxSts>${code ? `\n        <StsRsnInf><Rsn><Cd>${code}</Cd></Rsn></StsRsnInf>` : ''}
      </TxInfAndSts>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>BANK-STS-1</MsgId><CreDtTm>2026-11-30T08:00:00Z</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>BATCH</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>BATCH-FR</OrgnlPmtInfId>
${[...rejected.map((line) => transaction(line.endToEndId, 'RJCT', line.code)), ...accepted.map((id) => transaction(id, 'ACSC'))].join('\n')}
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>
`;
}

/**
 * A camt.054.001.08 notification of the programme's account: booked debits (a SEPA credit transfer
 * issued, PMNT/ICDT/ESCT), and credits returning a transfer (PMNT/RCDT/RRTN). Valid against the
 * message's schema (bank-answers/camt.054.001.08.xsd, checked below).
 */
function camt054(lines: { endToEndId: string; direction: 'DBIT' | 'CRDT'; returnCode?: string; status?: string }[]): string {
  const entry = (line: (typeof lines)[number]) => `    <Ntry>
      <Amt Ccy="EUR">15.00</Amt><CdtDbtInd>${line.direction}</CdtDbtInd><Sts><Cd>${line.status ?? 'BOOK'}</Cd></Sts>
      <BookgDt><Dt>2026-12-01</Dt></BookgDt>
      <BkTxCd><Domn><Cd>PMNT</Cd><Fmly>${line.returnCode ? '<Cd>RCDT</Cd><SubFmlyCd>RRTN</SubFmlyCd>' : '<Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd>'}</Fmly></Domn></BkTxCd>
      <NtryDtls><TxDtls>
        <Refs><EndToEndId>${line.endToEndId}</EndToEndId></Refs>
        <Amt Ccy="EUR">15.00</Amt><CdtDbtInd>${line.direction}</CdtDbtInd>${line.returnCode ? `\n        <RtrInf><Rsn><Cd>${line.returnCode}</Cd></Rsn></RtrInf>` : ''}
      </TxDtls></NtryDtls>
    </Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>BANK-NTF-1</MsgId><CreDtTm>2026-12-01T18:00:00Z</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>NTF-1</Id><CreDtTm>2026-12-01T18:00:00Z</CreDtTm>
      <Acct><Id><IBAN>FR7630006000011234567890189</IBAN></Id></Acct>
${lines.map(entry).join('\n')}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}

/** PayPal's payouts report: one line per item, our reference in Reference ID, its transaction status. */
function paypalReport(lines: { reference: string; status: string }[]): string {
  const rows = lines.map((line) => `"Roundtrip deposit refund, Dec.",${line.reference},"12.00",EUR,${line.status},someone@example.com`);
  return `\uFEFFNote,Reference ID,Amount,Currency,Status,Recipient\r\n${rows.join('\r\n')}\r\n`;
}

/**
 * A NACHA return file built from the exported credits: each returned entry comes back with its
 * individual id as sent, followed by an addenda 99 carrying the return code.
 */
function nachaReturns(exported: string, returns: Record<string, string>): string {
  const records = exported.split('\n').filter((line) => line !== '');
  const out = [records[0]!, records[1]!];
  for (const record of records) {
    if (!record.startsWith('6')) continue;
    const individualId = record.slice(39, 54).trim();
    const code = returns[individualId];
    if (!code) continue;
    // A returned credit: transaction code 21, then the addenda 99 (code, original trace, RDFI, trace).
    out.push(`621${record.slice(3)}`);
    out.push(['7', '99', code, record.slice(79, 94), ' '.repeat(6), record.slice(3, 11), ' '.repeat(44), record.slice(79, 94)].join(''));
  }
  out.push(
    records.find((record) => record.startsWith('8'))!,
    records.find((record) => record.startsWith('9'))!,
  );
  return `${out.join('\n')}\n`;
}

/** One payee line of a bank's Zengin result file, as the bank writes it back. */
interface ZenginResultLine {
  bank: string;
  branch: string;
  account: string;
  /** Half-width katakana, one Shift_JIS byte each. */
  payee: string;
  yen: number;
  /** The EDI field (顧客コード 1 and 2, 20 bytes) as the request carried it. */
  edi: string;
  /** 振込結果コード, byte 112. */
  result: string;
}

/**
 * A Zengin 総合振込 result file written field by field from the published record layout, not by
 * our exporter: 120-byte Shift_JIS records (header 1 of type 21, data 2, trailer 8, end 9), each
 * data record with its result code in byte 112, CRLF between records as the banks' downloads have.
 */
function zenginResult(lines: ZenginResultLine[], options: { trailerCount?: number; end?: boolean } = {}): Buffer {
  const left = (text: string, width: number) => text.padEnd(width, ' ');
  const digits = (value: number, width: number) => String(value).padStart(width, '0');
  const records = [
    [
      '1',
      '21',
      '0',
      '0000000000',
      left('ﾗｳﾝﾄﾞﾄﾘﾂﾌﾟ', 40),
      '1130',
      '0005',
      left('ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ', 15),
      '001',
      left('ﾎﾝﾃﾝ', 15),
      '1',
      '0000000',
      left('', 17),
    ],
    ...lines.map((line) => [
      '2',
      line.bank,
      left('ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ', 15),
      line.branch,
      left('ﾖｺﾊﾏﾅｶﾔﾏ', 15),
      '0000',
      '1',
      line.account,
      left(line.payee, 30),
      digits(line.yen, 10),
      '0',
      left(line.edi, 20),
      line.result,
      left('', 8),
    ]),
    [
      '8',
      digits(options.trailerCount ?? lines.length, 6),
      digits(
        lines.reduce((sum, line) => sum + line.yen, 0),
        12,
      ),
      left('', 101),
    ],
    ...(options.end === false ? [] : [['9', left('', 119)]]),
  ];
  const bytes = records.map((fields) => iconv.encode(fields.join(''), 'Shift_JIS'));
  for (const record of bytes) expect(record).toHaveLength(120);
  return Buffer.concat(bytes.flatMap((record) => [record, Buffer.from('\r\n', 'latin1')]));
}

describe.each(databaseKinds)('payouts reconcile: the bank’s answer settles the payouts it refuses, once (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const balanceOf = async (headers: Record<string, string>) =>
    (await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).json().data.balance.value as string;
  const lineOf = async (headers: Record<string, string>, withdrawalId: string) => {
    const lines = (await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers })).json().data as {
      id: string;
      status: string;
      comment: string | null;
    }[];
    return lines.find((line) => line.id.endsWith(withdrawalId));
  };
  const failEntries = async (ids: string[]) =>
    t.db
      .select({ recordId: auditEntries.recordId })
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'payout.fail'), inArray(auditEntries.recordId, ids)));
  const referenceOf = async (id: string) =>
    (await t.db.select({ reference: withdrawals.payoutReference }).from(withdrawals).where(eq(withdrawals.id, id)))[0]!.reference;

  it('a SEPA pain.002 and NACHA returns: money back, the reason in the customer’s language, one audit entry; again: already settled', async () => {
    const french = await verifiedCustomer(t, { balance: '20.00', overrides: { country_code: 'fr', locale: 'fr-FR', zip_code: '75001' } });
    await saveMethod(t, french.headers, 'TRANSFERWISE', {
      iban: 'FR7630006000011234567890189',
      name: 'Hélène Dupré',
      address: '1 rue Haute',
    });
    const frenchWithdrawal = String((await withdraw(t, french.headers, { amount: '15.00' })).json().data.id);
    const paidFrench = await verifiedCustomer(t, {
      balance: '20.00',
      overrides: { country_code: 'fr', locale: 'fr-FR', zip_code: '75002' },
    });
    await saveMethod(t, paidFrench.headers, 'TRANSFERWISE', {
      iban: 'FR7630006000011234567890189',
      name: 'Luc Martin',
      address: '2 rue Basse',
    });
    const paidWithdrawal = String((await withdraw(t, paidFrench.headers, { amount: '10.00' })).json().data.id);
    const american = await verifiedCustomer(t, { balance: '30.00' });
    await saveMethod(t, american.headers, 'TRANSFERWISE', usBankAccount);
    const americanWithdrawal = String((await withdraw(t, american.headers, { amount: '10.00' })).json().data.id);
    expect(await balanceOf(french.headers)).toBe('5.00');
    expect(await balanceOf(american.headers)).toBe('20.00');

    const exported = await run(t, ['payouts', 'export', '--out', 'payouts']);
    expect(exported.exit_code, exported.stderr).toBe(0);
    const sepa = exported.files.find((file) => file.name.includes('/sepa-credit-transfers-'))!.content;
    const ach = exported.files.find((file) => file.name.includes('/nacha-ppd-credits-'))!.content;
    const frenchReference = await referenceOf(frenchWithdrawal);
    const paidReference = await referenceOf(paidWithdrawal);
    const americanReference = await referenceOf(americanWithdrawal);
    expect(sepa).toContain(`<EndToEndId>${frenchReference}</EndToEndId>`);
    // The other French payout was paid meanwhile: a refusal of it is a conflict, never reversed.
    expect((await run(t, ['payouts', 'complete', paidWithdrawal])).exit_code).toBe(0);

    const report = pain002(
      [
        { endToEndId: frenchReference, code: 'AC04' },
        { endToEndId: 'RT0000000000000000', code: 'AC01' },
        { endToEndId: paidReference, code: 'AC04' },
      ],
      [],
    );
    const settled = await run(t, ['payouts', 'reconcile', 'status.xml'], { 'status.xml': report });
    expect(settled.exit_code, settled.stderr).toBe(1);
    expect(settled.stdout).toContain(
      `Settled (FAILED, the money back to the customer): 1\n  ${frenchReference}  AC04\nAlready settled: 0\nUnmatched (no payout of ours): 1\n  RT0000000000000000  AC01\n`,
    );
    expect(settled.stdout).toContain(`  ${paidReference}  AC04\n`);
    expect(await balanceOf(french.headers)).toBe('20.00');
    expect(await balanceOf(paidFrench.headers)).toBe('10.00');
    expect(await lineOf(french.headers, frenchWithdrawal)).toMatchObject({
      status: 'FAILED',
      comment: 'Votre banque a refusé le virement\u202f: le compte est clôturé. Vérifiez vos coordonnées bancaires.',
    });

    const individualId = americanReference.slice(0, 15);
    const returns = nachaReturns(ach, { [individualId]: 'R03' });
    expect(parseBankAnswer(returns)).toEqual({
      format: 'nacha-returns',
      refusals: [{ reference: individualId, partial: true, code: 'R03' }],
      payments: [],
      refusedWhole: [],
      inProgress: [],
    });
    const returned = await run(t, ['payouts', 'reconcile', 'returns.ach'], { 'returns.ach': returns });
    expect(returned.exit_code, returned.stderr).toBe(0);
    expect(returned.stdout).toContain(
      `Settled (FAILED, the money back to the customer): 1\n  ${americanReference}  R03  (bank: ${individualId})\n`,
    );
    expect(await balanceOf(american.headers)).toBe('30.00');
    expect(await lineOf(american.headers, americanWithdrawal)).toMatchObject({
      status: 'FAILED',
      comment: 'Your bank refused the transfer: no such account was found. Please check your bank details.',
    });
    expect(await failEntries([frenchWithdrawal, americanWithdrawal, paidWithdrawal])).toHaveLength(2);

    // The same files again, in the other order: nothing settled twice.
    const returnedAgain = await run(t, ['payouts', 'reconcile', 'returns.ach'], { 'returns.ach': returns });
    expect(returnedAgain.stdout).toContain(
      `Settled (FAILED, the money back to the customer): 0\nAlready settled: 1\n  ${americanReference}  R03`,
    );
    const settledAgain = await run(t, ['payouts', 'reconcile', 'status.xml'], { 'status.xml': report });
    expect(settledAgain.stdout).toContain(
      `Settled (FAILED, the money back to the customer): 0\nAlready settled: 1\n  ${frenchReference}  AC04\n`,
    );
    expect(await balanceOf(french.headers)).toBe('20.00');
    expect(await balanceOf(american.headers)).toBe('30.00');
    expect(await failEntries([frenchWithdrawal, americanWithdrawal, paidWithdrawal])).toHaveLength(2);
  });

  it('a camt.054 and PayPal’s report settle paid and refused payouts, in either order, each once', async () => {
    const frenchPerson = (zip: string) =>
      verifiedCustomer(t, { balance: '20.00', overrides: { country_code: 'fr', locale: 'fr-FR', zip_code: zip } });
    const paid = await frenchPerson('75010');
    await saveMethod(t, paid.headers, 'TRANSFERWISE', {
      iban: 'FR7630006000011234567890189',
      name: 'Paul Lenoir',
      address: '10 rue Claire',
    });
    const paidWithdrawal = String((await withdraw(t, paid.headers, { amount: '15.00' })).json().data.id);
    const returned = await frenchPerson('75011');
    await saveMethod(t, returned.headers, 'TRANSFERWISE', {
      iban: 'FR7630006000011234567890189',
      name: 'Rose Morel',
      address: '11 rue Vive',
    });
    const returnedWithdrawal = String((await withdraw(t, returned.headers, { amount: '15.00' })).json().data.id);
    const japanese = await verifiedCustomer(t, {
      balance: '3000',
      overrides: { country_code: 'jp', locale: 'ja-JP', zip_code: '1000001' },
    });
    await saveMethod(t, japanese.headers, 'PAYPAL', { email: 'yui.paypal@example.com' });
    const unclaimedWithdrawal = String((await withdraw(t, japanese.headers, { amount: '1200' })).json().data.id);
    const american = await verifiedCustomer(t, { balance: '30.00' });
    await saveMethod(t, american.headers, 'PAYPAL', { email: 'jamie.paypal@example.com' });
    const deliveredWithdrawal = String((await withdraw(t, american.headers, { amount: '12.00' })).json().data.id);
    const waiting = await verifiedCustomer(t, { balance: '30.00' });
    await saveMethod(t, waiting.headers, 'PAYPAL', { email: 'sam.paypal@example.com' });
    const waitingWithdrawal = String((await withdraw(t, waiting.headers, { amount: '12.00' })).json().data.id);
    const [paidReference, returnedReference, unclaimedReference, deliveredReference, waitingReference] = await Promise.all(
      [paidWithdrawal, returnedWithdrawal, unclaimedWithdrawal, deliveredWithdrawal, waitingWithdrawal].map(referenceOf),
    );

    // The return is read before the notification booking the debits: the order changes nothing.
    const returns = camt054([{ endToEndId: returnedReference!, direction: 'CRDT', returnCode: 'AC04' }]);
    const bookings = camt054([
      { endToEndId: paidReference!, direction: 'DBIT' },
      { endToEndId: returnedReference!, direction: 'DBIT' },
      { endToEndId: 'NOTPROVIDED', direction: 'DBIT' },
      { endToEndId: 'RT0000000000000042', direction: 'DBIT', status: 'PDNG' },
    ]);
    const first = await run(t, ['payouts', 'reconcile', 'returns.xml'], { 'returns.xml': returns });
    expect(first.exit_code, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      `returns.xml: bank debit/credit notification (camt.054)\nSettled (FAILED, the money back to the customer): 1\n  ${returnedReference}  AC04\nSettled (COMPLETED, paid): 0\n`,
    );
    const second = await run(t, ['payouts', 'reconcile', 'bookings.xml'], { 'bookings.xml': bookings });
    expect(second.exit_code, second.stderr).toBe(0);
    expect(second.stdout).toContain(
      `Settled (FAILED, the money back to the customer): 0\nSettled (COMPLETED, paid): 1\n  ${paidReference}  (no reason code)\nAlready settled: 1\n  ${returnedReference}  (no reason code)\nUnmatched (no payout of ours): 1\n  NOTPROVIDED  (no reason code)\n`,
    );
    expect(await balanceOf(paid.headers)).toBe('5.00');
    expect(await balanceOf(returned.headers)).toBe('20.00');
    expect(await lineOf(returned.headers, returnedWithdrawal)).toMatchObject({
      status: 'FAILED',
      comment: 'Votre banque a refusé le virement\u202f: le compte est clôturé. Vérifiez vos coordonnées bancaires.',
    });
    expect(await lineOf(paid.headers, paidWithdrawal)).toMatchObject({ status: 'COMPLETED' });

    const report = paypalReport([
      { reference: unclaimedReference!, status: 'RETURNED' },
      { reference: deliveredReference!, status: 'SUCCESS' },
      { reference: waitingReference!, status: 'UNCLAIMED' },
    ]);
    const fromPaypal = await run(t, ['payouts', 'reconcile', 'paypal.csv'], { 'paypal.csv': report });
    expect(fromPaypal.exit_code, fromPaypal.stderr).toBe(0);
    expect(fromPaypal.stdout).toContain(
      `paypal.csv: PayPal payouts report\nSettled (FAILED, the money back to the customer): 1\n  ${unclaimedReference}  RETURNED\nSettled (COMPLETED, paid): 1\n  ${deliveredReference}  SUCCESS\nAlready settled: 0\nUnmatched (no payout of ours): 0\nStill under way (settled by a later report): 1\n  ${waitingReference}  UNCLAIMED\n`,
    );
    expect(await balanceOf(japanese.headers)).toBe('3000');
    expect(await lineOf(japanese.headers, unclaimedWithdrawal)).toMatchObject({
      status: 'FAILED',
      comment: '受け取られなかったため、PayPalから返金されました。出金先のPayPalメールアドレスをご確認ください。',
    });
    expect(await balanceOf(american.headers)).toBe('18.00');
    expect(await balanceOf(waiting.headers)).toBe('18.00');

    // Every answer again: nothing settled twice, one audit entry each.
    for (const [name, content] of [
      ['bookings.xml', bookings],
      ['returns.xml', returns],
      ['paypal.csv', report],
    ] as const) {
      const again = await run(t, ['payouts', 'reconcile', name], { [name]: content });
      expect(again.stdout, name).toContain('Settled (FAILED, the money back to the customer): 0\nSettled (COMPLETED, paid): 0\n');
    }
    expect(await failEntries([returnedWithdrawal, unclaimedWithdrawal])).toHaveLength(2);
    const completions = await t.db
      .select({ recordId: auditEntries.recordId })
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'payout.complete'), inArray(auditEntries.recordId, [paidWithdrawal, deliveredWithdrawal])));
    expect(completions).toHaveLength(2);
    expect(await balanceOf(returned.headers)).toBe('20.00');
  });

  it('the console’s upload settles as the CLI does and answers the three lists; an unreadable file is a 422', async () => {
    const person = await verifiedCustomer(t, { balance: '20.00', overrides: { country_code: 'fr', locale: 'fr-FR', zip_code: '75020' } });
    await saveMethod(t, person.headers, 'TRANSFERWISE', { iban: 'FR7630006000011234567890189', name: 'Léa Roux', address: '20 rue Douce' });
    const withdrawalId = String((await withdraw(t, person.headers, { amount: '15.00' })).json().data.id);
    const reference = await referenceOf(withdrawalId);
    const report = pain002([
      { endToEndId: reference, code: 'BE01' },
      { endToEndId: 'RT00000000000000FF', code: 'AC01' },
    ]);
    const uploaded = await ops(t, '/payouts/reconcile', { content: report });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data).toEqual({
      format: 'pain.002',
      settled: [{ reference, code: 'BE01', outcome: 'failed', payout: reference }],
      already_settled: [],
      unmatched: [{ reference: 'RT00000000000000FF', code: 'AC01', outcome: 'failed' }],
      conflicts: [],
      in_progress: [],
      refused_whole: [],
    });
    expect(await lineOf(person.headers, withdrawalId)).toMatchObject({
      status: 'FAILED',
      comment: 'Votre banque a refusé le virement\u202f: le nom du titulaire ne correspond pas. Vérifiez vos coordonnées bancaires.',
    });
    const again = await ops(t, '/payouts/reconcile', { content: report });
    expect(again.json().data).toMatchObject({ settled: [], already_settled: [{ payout: reference }] });
    expect(await balanceOf(person.headers)).toBe('20.00');
    expect(await failEntries([withdrawalId])).toHaveLength(1);

    const unreadable = await ops(t, '/payouts/reconcile', { content: 'Dear finance team\n' });
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().error).toMatchObject({ code: 'BANK_ANSWER_UNREADABLE' });
    expect(unreadable.json().error.message).toContain('Nothing was settled.');
  });

  it('a Zengin result file, sent as its Shift_JIS bytes: refusals back to the customer in Japanese, payments completed, each once in any order', async () => {
    const japaneseCustomer = async (zip: string) => {
      const person = await verifiedCustomer(t, { balance: '3000', overrides: { country_code: 'jp', locale: 'ja-JP', zip_code: zip } });
      expect((await saveMethod(t, person.headers, 'TRANSFERWISE', japaneseBankAccount)).statusCode).toBe(200);
      return person;
    };
    const refused = await japaneseCustomer('1000002');
    const refusedWithdrawal = String((await withdraw(t, refused.headers, { amount: '1200' })).json().data.id);
    const paid = await japaneseCustomer('1000003');
    const paidWithdrawal = String((await withdraw(t, paid.headers, { amount: '1500' })).json().data.id);
    // Refused for a shortfall of our own account (code 1): nothing for the customer to correct, nobody failed.
    const short = await japaneseCustomer('1000005');
    const shortWithdrawal = String((await withdraw(t, short.headers, { amount: '1000' })).json().data.id);
    const [refusedReference, paidReference, shortReference] = await Promise.all(
      [refusedWithdrawal, paidWithdrawal, shortWithdrawal].map(referenceOf),
    );

    // The key the reader uses is where our export writes it: bytes 92 to 111 of the payee's record.
    const exported = await run(t, ['payouts', 'export', '--out', 'payouts']);
    expect(exported.exit_code, exported.stderr).toBe(0);
    const sent = Buffer.from(exported.files.find((file) => file.name.includes('/zengin-sogo-furikomi-'))!.content, 'base64');
    const sentRecords = sent
      .toString('latin1')
      .split('\r\n')
      .filter((record) => record.startsWith('2'));
    expect(sentRecords.map((record) => record.slice(91, 111).trim())).toEqual(expect.arrayContaining([refusedReference, paidReference]));

    const line = (edi: string, yen: number, result: string): ZenginResultLine => ({
      bank: '0005',
      branch: '123',
      account: '1234567',
      payee: 'ﾀﾅｶ ﾕｲ',
      yen,
      edi,
      result,
    });
    const onlyPaid = zenginResult([line(paidReference!, 1500, '0')]);
    const whole = zenginResult([
      line(refusedReference!, 1200, '2'),
      line(paidReference!, 1500, '0'),
      line('RT00000000000000EE', 800, '2'),
      line(shortReference!, 1000, '1'),
    ]);

    // A later, partial result first (through the CLI), then the whole day's file (the console's upload).
    const first = await run(t, ['payouts', 'reconcile', 'kekka-2.txt'], {}, { 'kekka-2.txt': onlyPaid.toString('base64') });
    expect(first.exit_code, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      `kekka-2.txt: Zengin transfer results (総合振込)\nSettled (FAILED, the money back to the customer): 0\nSettled (COMPLETED, paid): 1\n  ${paidReference}  0\n`,
    );
    const uploaded = await ops(t, '/payouts/reconcile', { content: whole.toString('base64'), encoding: 'base64' });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data).toEqual({
      format: 'zengin-results',
      settled: [{ reference: refusedReference, code: '2', outcome: 'failed', payout: refusedReference }],
      already_settled: [{ reference: paidReference, code: '0', outcome: 'paid', payout: paidReference }],
      unmatched: [{ reference: 'RT00000000000000EE', code: '2', outcome: 'failed' }],
      conflicts: [],
      in_progress: [],
      refused_whole: [{ id: shortReference, code: '1' }],
    });
    expect(await lineOf(short.headers, shortWithdrawal)).toMatchObject({ status: 'PENDING' });
    expect(await balanceOf(refused.headers)).toBe('3000');
    expect(await balanceOf(paid.headers)).toBe('1500');
    expect(await lineOf(refused.headers, refusedWithdrawal)).toMatchObject({
      status: 'FAILED',
      comment: '銀行が振込を受け付けませんでした：該当する口座が見つかりません。口座情報をご確認ください。',
    });
    expect(await lineOf(paid.headers, paidWithdrawal)).toMatchObject({ status: 'COMPLETED' });

    // The same file again, through the CLI: nothing settled twice, one audit entry each.
    const again = await run(t, ['payouts', 'reconcile', 'kekka.txt'], {}, { 'kekka.txt': whole.toString('base64') });
    expect(again.stdout).toContain(
      'Settled (FAILED, the money back to the customer): 0\nSettled (COMPLETED, paid): 0\nAlready settled: 2\n',
    );
    expect(await balanceOf(refused.headers)).toBe('3000');
    expect(await failEntries([refusedWithdrawal, paidWithdrawal])).toHaveLength(1);

    // Files it cannot read: a 422 in the operator's language, nothing settled.
    const pending = await japaneseCustomer('1000004');
    const pendingWithdrawal = String((await withdraw(t, pending.headers, { amount: '1000' })).json().data.id);
    const pendingReference = await referenceOf(pendingWithdrawal);
    const good = [line(pendingReference, 1000, '2')];
    for (const [file, why] of [
      [sent, /result code “7” in byte 112/],
      [zenginResult(good, { end: false }), /no end record/],
      [zenginResult(good, { trailerCount: 2 }), /trailer 3 counts 2 records/],
      [zenginResult(good).subarray(0, 200), /120-byte records/],
    ] as const) {
      const refusedFile = await ops(
        t,
        '/payouts/reconcile',
        { content: file.toString('base64'), encoding: 'base64' },
        {
          ...operatorHeaders,
          'accept-language': 'ja-JP',
        },
      );
      expect(refusedFile.statusCode, refusedFile.body).toBe(422);
      expect(refusedFile.json().error.code).toBe('BANK_ANSWER_UNREADABLE');
      expect(refusedFile.json().error.message).toMatch(why);
      expect(refusedFile.json().error.message).toContain('何も精算されていません');
    }
    const asText = await ops(t, '/payouts/reconcile', { content: iconv.decode(zenginResult(good), 'utf-8') });
    expect(asText.json().error).toMatchObject({ code: 'BANK_ANSWER_UNREADABLE' });
    expect(asText.json().error.message).toContain('not as its bytes');
    expect(await lineOf(pending.headers, pendingWithdrawal)).toMatchObject({ status: 'PENDING' });
  });

  it('refuses a file it cannot read with exit code 2 and settles nothing from it', async () => {
    const french = await verifiedCustomer(t, { balance: '20.00', overrides: { country_code: 'fr', locale: 'fr-FR', zip_code: '75003' } });
    await saveMethod(t, french.headers, 'TRANSFERWISE', { iban: 'FR7630006000011234567890189', name: 'Anne Roy', address: '3 rue Neuve' });
    const withdrawalId = String((await withdraw(t, french.headers, { amount: '12.00' })).json().data.id);
    const reference = await referenceOf(withdrawalId);
    const good = pain002([{ endToEndId: reference, code: 'AC04' }]);
    for (const [name, content, message] of [
      ['cut.xml', good.slice(0, good.length - 40), /^cut\.xml was not read: not well-formed XML/],
      ['other.xml', good.replace('pain.002.001.10', 'pain.001.001.09'), /^other\.xml was not read: not a pain\.002/],
      ['notes.txt', 'Dear customer your transfers were fine.\n', /^notes\.txt was not read: neither a pain\.002/],
      ['other.csv', 'Name,Amount\nJo,12.00\n', /^other\.csv was not read: a CSV without the Reference ID/],
      ['odd.csv', 'Reference ID,Status\nRT0000000000000001,MAYBE\n', /^odd\.csv was not read: line 2 has the status MAYBE/],
      [
        'cut.camt',
        camt054([{ endToEndId: reference, direction: 'DBIT' }]).replace('</Document>', ''),
        /^cut\.camt was not read: not well-formed XML/,
      ],
      ['short.ach', `1${' '.repeat(93)}\n6221\n`, /^short\.ach was not read: NACHA record 2 has 4 characters, not 94/],
    ] as const) {
      const refused = await run(t, ['payouts', 'reconcile', name], { [name]: content });
      expect(refused.exit_code, name).toBe(2);
      expect(refused.stderr).toMatch(message);
      expect(refused.stderr).toContain('Nothing was settled.');
      expect(refused.stdout).toBe('');
    }
    expect(await balanceOf(french.headers)).toBe('8.00');
    expect((await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)))[0]!.status).toBe('PENDING');
    expect(await failEntries([withdrawalId])).toHaveLength(0);
  });
});

describe('reading a bank’s answer', () => {
  const camtSchema = readFileSync(path.join(import.meta.dirname, 'bank-answers', 'camt.054.001.08.xsd'), 'utf8');
  const validateCamt = (xml: string) =>
    validateXML({ xml: [{ fileName: 'camt.xml', contents: xml }], schema: [{ fileName: 'camt.054.001.08.xsd', contents: camtSchema }] });

  it('the camt.054 notifications these tests settle from are valid camt.054.001.08, and the check can fail', async () => {
    const notification = camt054([
      { endToEndId: 'RT00000000000000A1', direction: 'DBIT' },
      { endToEndId: 'RT00000000000000A2', direction: 'CRDT', returnCode: 'AC04' },
      { endToEndId: 'NOTPROVIDED', direction: 'DBIT', status: 'PDNG' },
    ]);
    const result = await validateCamt(notification);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // An entry without its bank transaction code, which the standard requires, is refused.
    const withoutCode = await validateCamt(notification.replace(/<BkTxCd>[\s\S]*?<\/BkTxCd>/, ''));
    expect(withoutCode.valid).toBe(false);
    expect(withoutCode.errors.map((error) => error.message).join('\n')).toMatch(/BkTxCd/);
  });

  it('reads a pain.002.001.03 with a namespace prefix, and keeps only rejected transactions', () => {
    const report = `<?xml version="1.0"?>
<s:Document xmlns:s="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><s:CstmrPmtStsRpt>
  <s:OrgnlPmtInfAndSts>
    <s:TxInfAndSts><s:OrgnlEndToEndId>rt00000000000000ab</s:OrgnlEndToEndId><s:TxSts>RJCT</s:TxSts>
      <s:StsRsnInf><s:Rsn><s:Cd>MD07</s:Cd></s:Rsn></s:StsRsnInf></s:TxInfAndSts>
    <s:TxInfAndSts><s:OrgnlEndToEndId>RT00000000000000CD</s:OrgnlEndToEndId><s:TxSts>ACSC</s:TxSts></s:TxInfAndSts>
  </s:OrgnlPmtInfAndSts>
</s:CstmrPmtStsRpt></s:Document>`;
    expect(parseBankAnswer(report)).toEqual({
      format: 'pain.002',
      refusals: [{ reference: 'RT00000000000000AB', partial: false, code: 'MD07' }],
      payments: [],
      refusedWhole: [],
      inProgress: [],
    });
  });

  it('tells a batch the bank refused as a whole, naming no transaction, apart: nobody is failed for it', () => {
    const report = `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>
  <OrgnlGrpInfAndSts><OrgnlMsgId>20261130T080000Z-abc123</OrgnlMsgId><GrpSts>RJCT</GrpSts>
    <StsRsnInf><Rsn><Cd>FF01</Cd></Rsn></StsRsnInf></OrgnlGrpInfAndSts>
</CstmrPmtStsRpt></Document>`;
    expect(parseBankAnswer(report)).toEqual({
      format: 'pain.002',
      refusals: [],
      payments: [],
      refusedWhole: [{ id: '20261130T080000Z-abc123', code: 'FF01' }],
      inProgress: [],
    });
  });

  it('reads a camt.054.001.02 (status as text, prefixed namespace): booked debits paid, returns refused, reversals and pending entries skipped', () => {
    const notification = `<?xml version="1.0"?>
<c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><c:BkToCstmrDbtCdtNtfctn>
  <c:GrpHdr><c:MsgId>N1</c:MsgId></c:GrpHdr>
  <c:Ntfctn><c:Id>N1</c:Id>
    <c:Ntry><c:CdtDbtInd>DBIT</c:CdtDbtInd><c:Sts>BOOK</c:Sts><c:NtryDtls>
      <c:TxDtls><c:Refs><c:EndToEndId>rt00000000000000a1</c:EndToEndId></c:Refs></c:TxDtls>
      <c:TxDtls><c:Refs><c:EndToEndId>RT00000000000000A2</c:EndToEndId></c:Refs></c:TxDtls>
    </c:NtryDtls></c:Ntry>
    <c:Ntry><c:CdtDbtInd>CRDT</c:CdtDbtInd><c:Sts>BOOK</c:Sts><c:NtryDtls><c:TxDtls>
      <c:Refs><c:EndToEndId>RT00000000000000A3</c:EndToEndId></c:Refs>
      <c:RtrInf><c:Rsn><c:Cd>AC06</c:Cd></c:Rsn></c:RtrInf>
    </c:TxDtls></c:NtryDtls></c:Ntry>
    <c:Ntry><c:CdtDbtInd>DBIT</c:CdtDbtInd><c:RvslInd>true</c:RvslInd><c:Sts>BOOK</c:Sts><c:NtryDtls><c:TxDtls>
      <c:Refs><c:EndToEndId>RT00000000000000A4</c:EndToEndId></c:Refs></c:TxDtls></c:NtryDtls></c:Ntry>
    <c:Ntry><c:CdtDbtInd>DBIT</c:CdtDbtInd><c:Sts>PDNG</c:Sts><c:NtryDtls><c:TxDtls>
      <c:Refs><c:EndToEndId>RT00000000000000A5</c:EndToEndId></c:Refs></c:TxDtls></c:NtryDtls></c:Ntry>
  </c:Ntfctn>
</c:BkToCstmrDbtCdtNtfctn></c:Document>`;
    expect(parseBankAnswer(notification)).toEqual({
      format: 'camt.054',
      refusals: [{ reference: 'RT00000000000000A3', partial: false, code: 'AC06' }],
      payments: [
        { reference: 'RT00000000000000A1', partial: false, code: '' },
        { reference: 'RT00000000000000A2', partial: false, code: '' },
      ],
      refusedWhole: [],
      inProgress: [],
    });
  });

  it('reads PayPal’s report by its column names, whatever their order, with quoted commas and sender_item_id', () => {
    const report = [
      'Status,"Note, to recipient",sender_item_id',
      'SUCCESS,"Thanks, ""really""",rt00000000000000b1',
      'BLOCKED,x,RT00000000000000B2',
      'ONHOLD,,RT00000000000000B3',
    ].join('\n');
    expect(parseBankAnswer(report)).toEqual({
      format: 'paypal-payouts-report',
      refusals: [{ reference: 'RT00000000000000B2', partial: false, code: 'BLOCKED' }],
      payments: [{ reference: 'RT00000000000000B1', partial: false, code: 'SUCCESS' }],
      refusedWhole: [],
      inProgress: [{ reference: 'RT00000000000000B3', partial: false, code: 'ONHOLD' }],
    });
    expect(refusalReason('BLOCKED', 'fr')).toBe(
      'PayPal a refusé le paiement vers votre compte PayPal. Vérifiez son adresse ou choisissez un autre moyen de remboursement.',
    );
  });

  it('tells the customer the reason in their language, and a general refusal for a code it does not know', () => {
    expect(refusalReason('AC04', 'ja')).toBe('銀行が振込を受け付けませんでした：口座は解約済みです。口座情報をご確認ください。');
    expect(refusalReason('R02', 'en')).toBe(refusalReason('AC04', 'en'));
    expect(refusalReason('ZZ99', 'fr')).toBe('Votre banque a refusé le virement. Vérifiez vos coordonnées bancaires.');
  });
});
