import type { BankPayout } from './bank-payout';
import { decimalOf, localDate, nextWeekday } from './bank-payout';
import { sepaText } from './latin';
import type { Originator } from './originators';

export const sepaNamespace = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;').replace(/"/g, '&quot;');
}

/**
 * A SEPA credit transfer initiation (ISO 20022 pain.001.001.09, EPC rulebook): one payment
 * information block debiting the programme's account, one transaction per payout with the payout
 * reference as its EndToEndId (what the pain.002 status report and the customer's statement name),
 * names and remittance in the Latin set SEPA carries. Amounts are added in cents, never in floating point.
 */
export function sepaCreditTransfer(payouts: readonly BankPayout<'fr'>[], originator: Originator<'fr'>, batch: string, now: Date): string {
  const totalCents = payouts.reduce((sum, payout) => sum + payout.amountMinor, 0);
  const count = payouts.length;
  const total = decimalOf(totalCents, 2);
  const execution = nextWeekday(localDate(now, 'Europe/Paris'));
  const transactions = payouts.map(
    (payout) => `      <CdtTrfTxInf>
        <PmtId>
          <EndToEndId>${payout.reference}</EndToEndId>
        </PmtId>
        <Amt>
          <InstdAmt Ccy="EUR">${decimalOf(payout.amountMinor, 2)}</InstdAmt>
        </Amt>
        <Cdtr>
          <Nm>${xml(sepaText(payout.account.name, 70) || payout.reference)}</Nm>
        </Cdtr>
        <CdtrAcct>
          <Id>
            <IBAN>${payout.account.iban}</IBAN>
          </Id>
        </CdtrAcct>
        <RmtInf>
          <Ustrd>${xml(sepaText(`Roundtrip deposit refund ${payout.reference}`, 140))}</Ustrd>
        </RmtInf>
      </CdtTrfTxInf>
`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${sepaNamespace}">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>${xml(batch.slice(0, 35))}</MsgId>
      <CreDtTm>${now.toISOString().replace(/\.\d+Z$/, 'Z')}</CreDtTm>
      <NbOfTxs>${count}</NbOfTxs>
      <CtrlSum>${total}</CtrlSum>
      <InitgPty>
        <Nm>${xml(originator.name)}</Nm>
      </InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>${xml(`${batch}-FR`.slice(0, 35))}</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <BtchBookg>true</BtchBookg>
      <NbOfTxs>${count}</NbOfTxs>
      <CtrlSum>${total}</CtrlSum>
      <PmtTpInf>
        <SvcLvl>
          <Cd>SEPA</Cd>
        </SvcLvl>
      </PmtTpInf>
      <ReqdExctnDt>
        <Dt>${execution}</Dt>
      </ReqdExctnDt>
      <Dbtr>
        <Nm>${xml(originator.name)}</Nm>
      </Dbtr>
      <DbtrAcct>
        <Id>
          <IBAN>${originator.iban}</IBAN>
        </Id>
      </DbtrAcct>
      <DbtrAgt>
        <FinInstnId>
          <BICFI>${originator.bic}</BICFI>
        </FinInstnId>
      </DbtrAgt>
      <ChrgBr>SLEV</ChrgBr>
${transactions.join('')}    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>
`;
}
