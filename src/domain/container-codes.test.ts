import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

  it('catches every single-symbol misread of any code, also inside the QR address a camera reads', () => {
    const origin = 'https://app.roundtrip.example';
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 7, maxLength: 7 }), fc.nat(10), fc.nat(36), (bytes, position, pick) => {
        const code = containerCodeFromRandom(bytes);
        expect(validateContainerCode(code)).toEqual({ ok: true, code });
        const alphabet = position < 10 ? symbols : checkSymbols;
        const replacement = alphabet[pick % alphabet.length]!;
        if (replacement === code[position]) return;
        const misread = code.slice(0, position) + replacement + code.slice(position + 1);
        expect(validateContainerCode(misread).ok).toBe(false);
        expect(parseScannedPayload(containerUrl(origin, misread), origin).ok).toBe(false);
        expect(parseScannedPayload(misread, origin).ok).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('catches two neighbouring symbols read in swapped order', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 7, maxLength: 7 }), fc.nat(8), (bytes, position) => {
        const code = containerCodeFromRandom(bytes);
        if (code[position] === code[position + 1]) return;
        const swapped = code.slice(0, position) + code[position + 1] + code[position] + code.slice(position + 2);
        expect(validateContainerCode(swapped).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
