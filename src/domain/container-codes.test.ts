import { describe, expect, it } from 'vitest';
import { containerCodeFromRandom, containerUrl, parseScannedPayload, validateContainerCode } from './container-codes';

const symbols = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const checkSymbols = `${symbols}*~$=U`;

function codeFrom(seed: number): string {
  const bytes = new Uint8Array(7);
  let state = seed;
  for (let index = 0; index < bytes.length; index += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    bytes[index] = state & 0xff;
  }
  return containerCodeFromRandom(bytes);
}

describe('container codes', () => {
  it('accepts generated codes, also typed in lower case, with spaces and the Crockford aliases', () => {
    const code = codeFrom(1);
    expect(validateContainerCode(code)).toEqual({ ok: true, code });
    const typed = code.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    expect(validateContainerCode(`${typed.slice(0, 5)} ${typed.slice(5)}`)).toEqual({ ok: true, code });
  });

  it('catches every single-symbol misread of valid codes', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const code = codeFrom(seed);
      for (let position = 0; position < code.length; position += 1) {
        const alphabet = position < 10 ? symbols : checkSymbols;
        for (const replacement of alphabet) {
          if (replacement === code[position]) continue;
          const misread = code.slice(0, position) + replacement + code.slice(position + 1);
          expect(validateContainerCode(misread).ok, `${code} → ${misread}`).toBe(false);
        }
      }
    }
  });

  it('rejects wrong lengths and symbols outside the alphabet', () => {
    const code = codeFrom(7);
    expect(validateContainerCode(code.slice(0, 10))).toEqual({ ok: false, problem: 'format' });
    expect(validateContainerCode(`${code}0`)).toEqual({ ok: false, problem: 'format' });
    expect(validateContainerCode(`${code.slice(0, 9)}U${code.slice(10)}`)).toEqual({ ok: false, problem: 'format' });
    expect(validateContainerCode('  ')).toEqual({ ok: false, problem: 'empty' });
  });

  it('reads our own QR URLs and refuses foreign ones', () => {
    const code = codeFrom(3);
    const origin = 'https://app.roundtrip.example';
    expect(parseScannedPayload(containerUrl(origin, code), origin)).toEqual({ ok: true, code });
    expect(parseScannedPayload(code, origin)).toEqual({ ok: true, code });
    expect(parseScannedPayload(containerUrl('https://evil.example', code), origin)).toEqual({ ok: false, problem: 'foreign' });
    expect(parseScannedPayload('https://app.roundtrip.example/products', origin)).toEqual({ ok: false, problem: 'foreign' });
    expect(parseScannedPayload('WIFI:S:shop;T:WPA;P:secret;;', origin)).toEqual({ ok: false, problem: 'foreign' });
    expect(parseScannedPayload('hello world', origin)).toEqual({ ok: false, problem: 'foreign' });
  });
});
