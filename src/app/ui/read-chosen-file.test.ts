import { describe, expect, it } from 'vitest';
import { readChosenFile } from './read-chosen-file';

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
