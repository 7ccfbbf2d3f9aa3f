import { describe, expect, it } from 'vitest';
import { errorMessages } from './errors';
import {
  fixFrenchTypography,
  fixJapaneseTypography,
  frenchTypographyProblems,
  japaneseTypographyProblems,
  narrowNoBreakSpace as n,
} from './typography';

describe('French typography', () => {
  it('refuses a plain space, a no-break space or no space before : ; ! ?, and fixes each with U+202F', () => {
    for (const [text, fixed] of [
      ['Ce code contient une faute de frappe : vérifiez', `Ce code contient une faute de frappe${n}: vérifiez`],
      ['Mot de passe oublié ?', `Mot de passe oublié${n}?`],
      ['Veuillez saisir les 4 chiffres\u00A0!', `Veuillez saisir les 4 chiffres${n}!`],
      ['Frais; gratuits', `Frais${n}; gratuits`],
      ['{count} contenants enregistrés: {amount}', `{count} contenants enregistrés${n}: {amount}`],
    ] as const) {
      expect(frenchTypographyProblems(text), text).not.toEqual([]);
      expect(fixFrenchTypography(text)).toBe(fixed);
      expect(frenchTypographyProblems(fixed)).toEqual([]);
    }
  });

  it('wants U+202F inside « » and ’ instead of the straight apostrophe', () => {
    expect(fixFrenchTypography("(sujet « Confidentialité ») et l'adresse")).toBe(`(sujet «${n}Confidentialité${n}») et l’adresse`);
    expect(frenchTypographyProblems('«Oui»')).toHaveLength(2);
    expect(frenchTypographyProblems("l'adresse")).toHaveLength(1);
  });

  it('leaves times, addresses, code, placeholders, tags and ?! alone', () => {
    for (const text of [
      'Ouvert de 8:30 à 19:00',
      'Ouvrez https://roundtrip.example/fr/user?code=1234',
      'Écrivez à mailto:aide@roundtrip.example',
      'Tapez `a:b` puis validez',
      '{count, plural, one {# contenant} other {# contenants}}',
      `Vraiment${n}?!`,
      '<0>Conditions</0> générales',
    ]) {
      expect(frenchTypographyProblems(text), text).toEqual([]);
    }
  });

  it('keeps the colon of the typo message on the line of its last word (the bug customers saw at 360 px)', () => {
    expect(errorMessages.CONTAINER_CHECKSUM.fr).toContain(`frappe${n}:`);
  });
});

describe('Japanese typography', () => {
  it('refuses a half-width colon in running text and writes the full-width one', () => {
    expect(japaneseTypographyProblems('受付番号: {reference}')).toHaveLength(1);
    // 「QR」 and 「コード」 never part at a line's end.
    expect(japaneseTypographyProblems('容器のQRコードにカメラを向けてください。')).toHaveLength(1);
    expect(japaneseTypographyProblems('容器のQR\u2060コードにカメラを向けてください。')).toEqual([]);
    // One yen style per line: ￥ as formatMoney writes it, never beside 円.
    expect(japaneseTypographyProblems('最低{minimum}。8,800円未満の出金には249円の手数料がかかります。')).toHaveLength(1);
    expect(japaneseTypographyProblems('最低{minimum}。￥8,800未満の出金には￥249の手数料がかかります。')).toEqual([]);
    expect(japaneseTypographyProblems('8,800円未満の出金には249円の手数料がかかります。')).toEqual([]);
    expect(fixJapaneseTypography('QRコードをスキャン')).toBe('QR\u2060コードをスキャン');
    expect(fixJapaneseTypography('受付番号: {reference}')).toBe('受付番号：{reference}');
    expect(fixJapaneseTypography('こちらのリンクを開いてください:')).toBe('こちらのリンクを開いてください：');
  });

  it('leaves times, addresses and texts with no Japanese alone', () => {
    expect(japaneseTypographyProblems('営業時間は 9:00 から 18:00 です。')).toEqual([]);
    expect(japaneseTypographyProblems('詳しくは https://roundtrip.example/jp をご覧ください。')).toEqual([]);
    expect(japaneseTypographyProblems('Note: English')).toEqual([]);
  });

  it('names the casual or unnatural wordings and what to write instead', () => {
    for (const text of ['これはおかしい', '出金をお支払いしました', '更新：今', '更新：{age}']) {
      const [problem] = japaneseTypographyProblems(text);
      expect(problem?.rule, text).toMatch(/write /);
    }
    expect(japaneseTypographyProblems('最終更新：{age}')).toEqual([]);
  });
});
