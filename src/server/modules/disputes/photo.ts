import sharp from 'sharp';
import { disputePhotoMaxSide, maxDisputePhotoBytes } from '#domain/schemas/disputes';
import { ApiError } from '../../http/api-error';

/**
 * The most pixels a sent photo may decode to. A few hundred kilobytes of JPEG can claim a
 * 60,000 × 60,000 image (a decompression bomb); a phone's camera makes at most about 50 MP,
 * and the app sends 1280 px at most.
 */
export const maxDisputePhotoPixels = 50_000_000;

/**
 * A dispute photo as it is stored: decoded by libvips (sharp), turned upright from its
 * orientation tag, made to fit 1280 px, and written again as a fresh JPEG. Nothing the sender
 * wrote survives the round trip: no EXIF, no location, no comment, no bytes after the image,
 * so a file that is JPEG at its ends and something else inside (an SVG or a script) is either
 * refused because it does not decode or stored as the pixels alone.
 *
 * Only JPEG is taken, as the API says: the app re-encodes every photo through a canvas to JPEG,
 * and sharp's other decoders (SVG, PDF, TIFF…) are not an attack surface worth opening.
 * Errors: `photoTooLarge` for too many bytes or pixels, `photoInvalid` for anything that
 * does not decode as a JPEG.
 */
export async function reencodeDisputePhoto(base64: string): Promise<Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maxDisputePhotoBytes) throw new ApiError(400, 'VALIDATION_FAILED', { photo: 'photoTooLarge' });
  let metadata: sharp.Metadata;
  try {
    // The header alone, without the pixel limit, so a claimed huge image is told apart from a broken one.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(400, 'VALIDATION_FAILED', { photo: 'photoInvalid' });
  }
  if (metadata.format !== 'jpeg') throw new ApiError(400, 'VALIDATION_FAILED', { photo: 'photoInvalid' });
  if (metadata.width * metadata.height > maxDisputePhotoPixels) throw new ApiError(400, 'VALIDATION_FAILED', { photo: 'photoTooLarge' });
  const image = sharp(bytes, { limitInputPixels: maxDisputePhotoPixels, failOn: 'warning', sequentialRead: true });
  try {
    return await image
      .rotate()
      .resize({ width: disputePhotoMaxSide, height: disputePhotoMaxSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new ApiError(400, 'VALIDATION_FAILED', { photo: 'photoInvalid' });
  }
}
