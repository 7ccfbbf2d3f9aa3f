import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { localeOfCountry, markets, type CountryCode } from '#domain/markets';
import { moneyFromMinor } from '#domain/money';
import { newsText as pushAndMailText, type NewsRecord } from '#domain/news-texts';
import type { NewsItem } from '#domain/schemas/notifications';
import { newsText } from './news-texts';
import { compiledCatalogue } from '../../lib/test-catalogue';

/** One piece of news as the facts the server stores; both sides are built from it. */
interface Facts {
  name: string;
  kind: NewsItem['kind'];
  amountMinor: number | null;
  count: number | null;
  reason: string | null;
  outcome: NewsItem['outcome'];
}

/** Every kind, with a count of 1 and several, an amount in the market's currency, a reason and none. */
function representativeNews(amountMinor: number): Facts[] {
  const news = (name: string, facts: Partial<Facts> & Pick<Facts, 'kind'>): Facts => ({
    name,
    amountMinor: null,
    count: null,
    reason: null,
    outcome: null,
    ...facts,
  });
  return [
    news('one container credited', { kind: 'SCAN_CREDITED', amountMinor, count: 1 }),
    news('several containers credited', { kind: 'SCAN_CREDITED', amountMinor: amountMinor * 12, count: 12 }),
    news('a scan rejected with a reason', { kind: 'SCAN_REJECTED', reason: 'Cracked lid' }),
    news('a scan rejected without a reason', { kind: 'SCAN_REJECTED' }),
    news('a withdrawal paid', { kind: 'WITHDRAWAL_PAID', amountMinor: amountMinor * 400 }),
    news('a withdrawal failed with a reason', { kind: 'WITHDRAWAL_FAILED', amountMinor: amountMinor * 400, reason: 'Account closed' }),
    news('a withdrawal failed without a reason', { kind: 'WITHDRAWAL_FAILED', amountMinor: amountMinor * 400 }),
    news('a dispute credited', { kind: 'DISPUTE_RESOLVED', outcome: 'credited', amountMinor }),
    news('a dispute credited with no amount', { kind: 'DISPUTE_RESOLVED', outcome: 'credited' }),
    news('a dispute upheld with an answer', { kind: 'DISPUTE_RESOLVED', outcome: 'upheld', reason: 'The lid was cracked.' }),
    news('a dispute upheld without an answer', { kind: 'DISPUTE_RESOLVED', outcome: 'upheld' }),
    news('a claim awarded', { kind: 'CLAIM_DECIDED', outcome: 'awarded' }),
    news('a claim dismissed with the reason', { kind: 'CLAIM_DECIDED', outcome: 'dismissed', reason: 'Returned by the first scanner.' }),
    news('a claim dismissed without a reason', { kind: 'CLAIM_DECIDED', outcome: 'dismissed' }),
  ];
}

const marketsChecked = ['us', 'fr', 'jp'] satisfies CountryCode[];
/** A deposit of each market: 0.25 $, 0.40 €, 30 ¥ in minor units. */
const depositMinor: Record<(typeof marketsChecked)[number], number> = { us: 25, fr: 40, jp: 30 };

describe.each(marketsChecked)('news texts in the market %s', (country) => {
  const locale = localeOfCountry(country);
  const currency = markets[country].currency;

  it.each(representativeNews(depositMinor[country]))('push and mail say what the app says: $name', (facts) => {
    i18n.loadAndActivate({ locale, messages: compiledCatalogue(locale) });
    const amount = facts.amountMinor === null ? null : moneyFromMinor(facts.amountMinor, currency);
    const item: NewsItem = {
      id: '1',
      kind: facts.kind,
      row_id: 'scan:1',
      created_at: '2026-11-20T10:00:00Z',
      read: false,
      amount,
      count: facts.count,
      reason: facts.reason,
      outcome: facts.outcome,
    };
    const record: NewsRecord = {
      id: 1,
      kind: facts.kind,
      rowId: 'scan:1',
      params: {
        ...(facts.amountMinor === null ? {} : { amount_minor: facts.amountMinor, currency }),
        ...(facts.count === null ? {} : { count: facts.count }),
        reason: facts.reason,
        ...(facts.outcome === null ? {} : { outcome: facts.outcome }),
      },
    };
    const inTheApp = newsText(item, locale);
    expect(inTheApp.title).not.toBe('');
    expect(pushAndMailText(locale, record)).toEqual(inTheApp);
  });
});
