import { disputePhotoMaxSide, disputePhotoTargetBytes } from '#domain/schemas/disputes';

/** A photo that could not be read or made small enough: the form says so and keeps the rest. */
export class DisputePhotoError extends Error {
  override name = 'DisputePhotoError';
}

async function decode(file: Blob): Promise<ImageBitmap | HTMLImageElement> {
  try {
    // Turned upright from the camera's orientation tag, before the tag is dropped with the rest.
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    const url = URL.createObjectURL(file);
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      return image;
    } finally {
      URL.revokeObjectURL(url);
    }
  }
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new DisputePhotoError('encode'))), 'image/jpeg', quality),
  );
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

export interface PreparedPhoto {
  /** JPEG bytes, base64, as POST /disputes takes them. */
  base64: string;
  bytes: number;
  /** For the preview on the form. */
  url: string;
}

/**
 * The photo as it leaves the phone: drawn on a canvas (longest side at most 1280 px) and encoded
 * again as JPEG. Only pixels survive the canvas, so EXIF (the place it was taken, the device)
 * is gone. The quality steps down, then the size, until it is under about 300 KB.
 */
export async function prepareDisputePhoto(file: Blob): Promise<PreparedPhoto> {
  let source: ImageBitmap | HTMLImageElement;
  try {
    source = await decode(file);
  } catch {
    throw new DisputePhotoError('decode');
  }
  const width = source instanceof HTMLImageElement ? source.naturalWidth : source.width;
  const height = source instanceof HTMLImageElement ? source.naturalHeight : source.height;
  if (!width || !height) throw new DisputePhotoError('empty');
  let scale = Math.min(1, disputePhotoMaxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  for (let round = 0; round < 6; round += 1) {
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new DisputePhotoError('canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.82, 0.7, 0.58]) {
      const blob = await toJpeg(canvas, quality);
      if (blob.size <= disputePhotoTargetBytes) {
        if ('close' in source) source.close();
        return { base64: base64Of(new Uint8Array(await blob.arrayBuffer())), bytes: blob.size, url: URL.createObjectURL(blob) };
      }
    }
    scale *= 0.75;
  }
  throw new DisputePhotoError('too large');
}
