import { closeSync, openSync, writeSync } from 'node:fs';
import QRCode from 'qrcode';
import type { Browser, BrowserContext, BrowserType } from '@playwright/test';
import { answerCookieBanner } from './browser-session';
import { sceneLumaFrame, type LabelScene } from './label-scene';
import { chromiumFlags } from './chromium-flags';

/** One stretch of the fake camera's video: a QR code with this text, several labels, or an empty scene. */
export interface VideoSegment {
  text?: string;
  scene?: LabelScene;
  seconds: number;
}

export interface VideoFormat {
  width: number;
  height: number;
  fps: number;
}

export const defaultVideoFormat: VideoFormat = { width: 640, height: 480, fps: 10 };

const paper = 232;
const ink = 24;

/**
 * The luma (Y) plane of a camera frame showing a QR code in the middle, a little off-white
 * like a label under shop lights, with its quiet zone. Without text: the empty scene.
 */
export function qrLumaFrame(text: string | undefined, format: Pick<VideoFormat, 'width' | 'height'> = defaultVideoFormat): Buffer {
  const { width, height } = format;
  const frame = Buffer.alloc(width * height, paper);
  if (text === undefined) return frame;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const modulePixels = Math.max(2, Math.floor((Math.min(width, height) * 0.7) / (size + 8)));
  const left = Math.floor((width - size * modulePixels) / 2);
  const top = Math.floor((height - size * modulePixels) / 2);
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      if (!qr.modules.get(row, column)) continue;
      for (let y = 0; y < modulePixels; y += 1) {
        frame.fill(
          ink,
          (top + row * modulePixels + y) * width + left + column * modulePixels,
          (top + row * modulePixels + y) * width + left + (column + 1) * modulePixels,
        );
      }
    }
  }
  return frame;
}

/**
 * Writes a Y4M video Chromium's fake camera plays (and loops): 4:2:0, grey chroma.
 * Returns the number of frames written.
 */
export function writeY4m(file: string, segments: VideoSegment[], format: VideoFormat = defaultVideoFormat): number {
  const { width, height, fps } = format;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frameHeader = Buffer.from('FRAME\n');
  const descriptor = openSync(file, 'w');
  let frames = 0;
  try {
    writeSync(descriptor, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
    for (const segment of segments) {
      const luma = segment.scene ? sceneLumaFrame(segment.scene, width, height) : qrLumaFrame(segment.text, format);
      const count = Math.max(1, Math.round(segment.seconds * fps));
      for (let index = 0; index < count; index += 1) {
        writeSync(descriptor, frameHeader);
        writeSync(descriptor, luma);
        writeSync(descriptor, chroma);
        frames += 1;
      }
    }
  } finally {
    closeSync(descriptor);
  }
  return frames;
}

/** A browser whose camera shows this video (the file is fixed per browser process). */
export function launchWithFakeCamera(chromium: BrowserType, videoFile: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...chromiumFlags,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
}

export const e2eBaseUrl = `http://localhost:${process.env.E2E_PORT ?? 8181}`;

/**
 * A context of a fake-camera browser set up like the suite's own pages: English, UTC, the
 * cookie banner decided, camera allowed. `pageErrors` collects uncaught exceptions.
 */
export async function cameraContext(browser: Browser, options: { serviceWorkers?: 'allow' | 'block'; locale?: string } = {}) {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl,
    locale: options.locale ?? 'en-US',
    timezoneId: 'UTC',
    permissions: ['camera'],
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  await answerCookieBanner(context);
  const pageErrors: string[] = [];
  context.on('weberror', (error) => pageErrors.push(error.error().message));
  return { context, pageErrors };
}

/**
 * A phone or computer with no camera at all: getUserMedia answers NotFoundError at once, as
 * browsers do on such a device (the suite's own browser instead leaves a camera request waiting
 * for a permission prompt nobody answers).
 */
export async function withoutCamera(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (!navigator.mediaDevices) return;
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    navigator.mediaDevices.enumerateDevices = () => Promise.resolve([]);
  });
}
