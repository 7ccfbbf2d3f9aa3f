import { z } from 'zod';
import {
  isAbaRoutingNumber,
  isCanadianAccountNumber,
  isCanadianInstitutionNumber,
  isCanadianTransitNumber,
  isIban,
  isJapaneseAccountNumber,
  isJapaneseBankCode,
  isJapaneseBranchCode,
  isSortCode,
  isUkAccountNumber,
  zenginName,
} from '#domain/bank-accounts';
import { japaneseAccountTypes } from '#domain/schemas/payment-methods-answer';
import type { CountryCode } from '#domain/markets';
import { sepaText } from './latin';

/**
 * The programme's own account in each market: who pays the customers out, as the bank knows it.
 * Each is one environment setting holding JSON (docs/configuration.md, Settings; docs/operators.md, Finance's files).
 */
const digits = (length: number) => z.string().regex(new RegExp(`^\\d{${length}}$`), { message: `${length} digits` });

export const originatorSchemas = {
  /** SEPA credit transfer (pain.001): the debtor. */
  fr: z.strictObject({
    name: z
      .string()
      .min(1)
      .max(70)
      .refine((name) => sepaText(name) === name, { message: 'only the Latin characters SEPA carries (no accents, no &)' }),
    iban: z
      .string()
      .transform((iban) => iban.replace(/\s+/g, '').toUpperCase())
      .refine(isIban, { message: 'not a valid IBAN' }),
    bic: z.string().regex(/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { message: '8 or 11 letters and digits' }),
  }),
  /** NACHA: the originator (company) and its bank (ODFI). */
  us: z.strictObject({
    company_name: z.string().regex(/^[A-Z0-9 &.,'-]{1,16}$/, { message: 'up to 16 capitals, digits, spaces' }),
    /** Given by the ODFI, often "1" and the employer identification number. */
    company_id: z.string().regex(/^[A-Z0-9 ]{10}$/, { message: '10 characters, as the bank gave it' }),
    odfi_routing_number: z.string().refine(isAbaRoutingNumber, { message: 'a valid 9-digit ABA routing number' }),
    odfi_name: z.string().regex(/^[A-Z0-9 &.,'-]{1,23}$/, { message: 'up to 23 capitals, digits, spaces' }),
  }),
  /** Zengin 総合振込: the requester (依頼人) as the bank registered it, and the account debited. */
  jp: z.strictObject({
    requester_code: digits(10),
    name: z
      .string()
      .min(1)
      .refine((name) => zenginName(name) !== undefined && zenginName(name)!.length <= 40, {
        message: 'katakana, up to 40 half-width characters',
      }),
    bank_code: z.string().refine(isJapaneseBankCode, { message: '4 digits' }),
    branch_code: z.string().refine(isJapaneseBranchCode, { message: '3 digits' }),
    account_type: z.enum(japaneseAccountTypes),
    account_number: z.string().refine(isJapaneseAccountNumber, { message: '7 digits' }),
  }),
  /** Bacs Standard 18: the service user (SUN) and the account debited. */
  uk: z.strictObject({
    service_user_number: digits(6),
    name: z.string().regex(/^[A-Z0-9 .&/-]{1,18}$/, { message: 'up to 18 capitals, digits, spaces' }),
    sort_code: z.string().refine(isSortCode, { message: '6 digits' }),
    account_number: z.string().refine(isUkAccountNumber, { message: '8 digits' }),
  }),
  /** CPA-005: the originator id and data centre the bank gave, and the account debited (returns go back to it). */
  ca: z.strictObject({
    originator_id: z.string().regex(/^[A-Z0-9]{10}$/, { message: '10 characters, as the bank gave it' }),
    data_centre: digits(5),
    short_name: z.string().regex(/^[A-Za-z0-9 .&-]{1,15}$/, { message: 'up to 15 letters, digits, spaces' }),
    long_name: z.string().regex(/^[A-Za-z0-9 .&-]{1,30}$/, { message: 'up to 30 letters, digits, spaces' }),
    institution_number: z.string().refine(isCanadianInstitutionNumber, { message: '3 digits' }),
    transit_number: z.string().refine(isCanadianTransitNumber, { message: '5 digits' }),
    account_number: z.string().refine(isCanadianAccountNumber, { message: '7 to 12 digits' }),
  }),
} as const satisfies Record<CountryCode, z.ZodType>;

export type Originators = { [C in CountryCode]?: z.output<(typeof originatorSchemas)[C]> };
export type Originator<C extends CountryCode> = z.output<(typeof originatorSchemas)[C]>;

/**
 * What a local (demo) start pays out from when nothing is set: well-formed, so the files validate,
 * and named so that nobody mistakes them for a real account. A public address has none of these.
 */
export const demoOriginators: Required<Originators> = {
  fr: { name: 'Roundtrip DEMO - not a real account', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
  us: { company_name: 'RT DEMO NOT REAL', company_id: '1000000000', odfi_routing_number: '021000021', odfi_name: 'DEMO BANK NOT REAL' },
  jp: {
    requester_code: '0000000000',
    name: 'ﾗｳﾝﾄﾞﾄﾘﾂﾌﾟ ﾃﾞﾓ',
    bank_code: '0005',
    branch_code: '001',
    account_type: 'ordinary',
    account_number: '0000000',
  },
  uk: { service_user_number: '999999', name: 'RT DEMO NOT REAL', sort_code: '000000', account_number: '00000000' },
  ca: {
    originator_id: 'RTDEMO0000',
    data_centre: '00000',
    short_name: 'RT DEMO',
    long_name: 'Roundtrip DEMO not a real acct',
    institution_number: '000',
    transit_number: '00000',
    account_number: '0000000',
  },
};
