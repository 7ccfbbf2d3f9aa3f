import { describe, expect, it } from 'vitest';
import { readChosenBytes, readChosenFile } from './read-chosen-file';

describe('a chosen file read as text', () => {
  it('says none was chosen, too large, or answers its name and text', async () => {
    expect(await readChosenFile(undefined, 10)).toEqual({ ok: false, problem: 'none' });
    expect(await readChosenFile(new File(['12345678901'], 'bins.csv'), 10)).toEqual({ ok: false, problem: 'too-large' });
    expect(await readChosenFile(new File(['id,lat'], 'bins.csv'), 10)).toEqual({ ok: true, name: 'bins.csv', content: 'id,lat' });
  });

  it('says a file the device cannot read any more', async () => {
    const gone = new File(['x'], 'answer.xml');
    gone.text = () => Promise.reject(new DOMException('The file was moved.', 'NotReadableError'));
    expect(await readChosenFile(gone, 10)).toEqual({ ok: false, problem: 'unreadable' });
  });
});

describe('a chosen file read as bytes', () => {
  it('keeps bytes that are not UTF-8 as they are, and counts bytes against the limit', async () => {
    // A Zengin answer: Shift_JIS, where ｱ is the single byte 0xB1.
    const shiftJis = new Uint8Array([0x31, 0xb1, 0x32]);
    const read = await readChosenBytes(new File([shiftJis], 'result.txt'), 3);
    expect(read).toEqual({ ok: true, name: 'result.txt', content: shiftJis });
    expect(await readChosenBytes(new File([new Uint8Array(4)], 'result.txt'), 3)).toEqual({ ok: false, problem: 'too-large' });
    expect(await readChosenBytes(undefined, 3)).toEqual({ ok: false, problem: 'none' });
  });
});
