import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import type { BankPayout } from './bank-payout';
import { demoOriginators } from './originators';
import { sepaCreditTransfer } from './sepa';
import { sepaText } from './latin';

const schema = readFileSync(path.join(import.meta.dirname, 'pain.001.001.09.xsd'), 'utf8');
const validate = (xml: string) =>
  validateXML({ xml: [{ fileName: 'file.xml', contents: xml }], schema: [{ fileName: 'pain.001.001.09.xsd', contents: schema }] });

const payout = (reference: string, amountMinor: number, name: string, iban = 'FR7630006000011234567890189'): BankPayout<'fr'> => ({
  reference,
  amountMinor,
  account: { country: 'fr', iban, name, address: '1 rue de la République, 75001 Paris' },
});
const now = new Date('2026-11-27T21:30:00Z');

describe('SEPA credit transfer file (pain.001.001.09)', () => {
  const payouts = [
    payout('RT00000000000000A1', 1250, 'Hélène Œuvray-Müller & fils'),
    payout('RT00000000000000A2', 7, 'République Française'),
    payout('RT00000000000000A3', 100_000, '山田 Ana', 'DE89370400440532013000'),
  ];
  const xml = sepaCreditTransfer(payouts, demoOriginators.fr, '20261127T213000Z-abc123', now);

  it('is valid against the pain.001.001.09 schema', async () => {
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('counts and adds up its transactions: NbOfTxs and CtrlSum of the group and of the payment block', () => {
    const amounts = [...xml.matchAll(/<InstdAmt Ccy="EUR">([\d.]+)<\/InstdAmt>/g)].map((match) => match[1]);
    expect(amounts).toEqual(['12.50', '0.07', '1000.00']);
    expect([...xml.matchAll(/<NbOfTxs>(\d+)<\/NbOfTxs>/g)].map((match) => match[1])).toEqual(['3', '3']);
    expect([...xml.matchAll(/<CtrlSum>([\d.]+)<\/CtrlSum>/g)].map((match) => match[1])).toEqual(['1012.57', '1012.57']);
  });

  it('names each transfer by its payout reference, pays from the programme account, and keeps to the Latin set', () => {
    expect([...xml.matchAll(/<EndToEndId>(\w+)<\/EndToEndId>/g)].map((match) => match[1])).toEqual(payouts.map((entry) => entry.reference));
    expect(xml).toContain(`<IBAN>${demoOriginators.fr.iban}</IBAN>`);
    expect(xml).toContain(`<BICFI>${demoOriginators.fr.bic}</BICFI>`);
    expect(xml).toContain('<Nm>Helene OEuvray-Muller + fils</Nm>');
    expect(xml).toContain('<Nm>Republique Francaise</Nm>');
    expect(xml).toContain('<Nm>Ana</Nm>');
    expect(xml).toContain('<Ustrd>Roundtrip deposit refund RT00000000000000A1</Ustrd>');
    expect(xml).toContain('<ReqdExctnDt>\n        <Dt>2026-11-30</Dt>');
    const texts = [...xml.matchAll(/<(?:Nm|Ustrd)>([^<]*)</g)].map((match) => match[1]!.replace(/&apos;/g, "'"));
    for (const text of texts) expect(text).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]{1,140}$/);
  });

  it('a file the schema refuses is told as refused (the check can fail)', async () => {
    const broken = xml.replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>WIRE</PmtMtd>');
    expect((await validate(broken)).valid).toBe(false);
  });

  it('transliterates to what SEPA carries and cuts remittance at 140 characters', () => {
    expect(sepaText('République « Ça »  d’Œ ß')).toBe("Republique ' Ca ' d'OE ss");
    expect(sepaText('x'.repeat(200), 140)).toHaveLength(140);
  });
});
