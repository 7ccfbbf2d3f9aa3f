import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error';
import { reencodeDisputePhoto } from './photo';

/** A photo as a phone's camera writes it: pixels, its orientation tag and where it was taken. */
async function cameraPhoto(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .toBuffer();
}

async function refusal(bytes: Buffer): Promise<Record<string, string> | undefined> {
  try {
    await reencodeDisputePhoto(bytes.toString('base64'));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') return error.fields;
    throw error;
  }
  return undefined;
}

describe('a dispute photo on the server', () => {
  it('stores the pixels as a new JPEG: no EXIF, no position, turned upright', async () => {
    const sent = await cameraPhoto(64, 48, 6);
    expect(await sharp(sent).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    expect(sent.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const stored = await reencodeDisputePhoto(sent.toString('base64'));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // Orientation 6 is "turn 90° clockwise to show": the stored image is upright, so taller than wide.
    expect([metadata.width, metadata.height]).toEqual([48, 64]);
    expect(metadata.orientation ?? 1).toBe(1);
  });

  it('makes a large photo fit 1280 px', async () => {
    const stored = await reencodeDisputePhoto(
      (
        await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#fff' } })
          .jpeg()
          .toBuffer()
      ).toString('base64'),
    );
    const metadata = await sharp(stored).metadata();
    expect([metadata.width, metadata.height]).toEqual([1280, 640]);
  });

  it('refuses what only looks like a JPEG at its ends, other formats and broken files', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), svg, Buffer.from([0xff, 0xd9])]);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const real = await cameraPhoto(32, 32);
    const truncated = real.subarray(0, Math.floor(real.length * 0.6));
    for (const bytes of [polyglot, svg, png, truncated, Buffer.from('not an image at all')]) {
      expect(await refusal(bytes)).toEqual({ photo: 'photoInvalid' });
    }
  });

  it('refuses a small file that claims a huge image before decoding it', async () => {
    const real = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    // The frame header (SOF0, FF C0) holds the height and width after its length and precision bytes.
    const frame = real.indexOf(Buffer.from([0xff, 0xc0]));
    const bomb = Buffer.from(real);
    bomb.writeUInt16BE(60_000, frame + 5);
    bomb.writeUInt16BE(60_000, frame + 7);
    expect(bomb.length).toBeLessThan(2_000);
    expect(await refusal(bomb)).toEqual({ photo: 'photoTooLarge' });
  });

  it('refuses over 400 KB before reading it', async () => {
    expect(await refusal(Buffer.alloc(401 * 1024, 0xff))).toEqual({ photo: 'photoTooLarge' });
  });
});
