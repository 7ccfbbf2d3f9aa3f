import { sceneLumaFrame, type LabelScene } from '../../e2e/support/label-scene';
import type { EnginePage } from './engines';

/**
 * A camera for engines whose automation has no fake camera that shows our labels: the frames the
 * Chromium suite writes into a Y4M file (e2e/support/label-scene.ts) are painted on a canvas in the
 * page, and getUserMedia answers with the canvas's video stream. The app then reads a real
 * MediaStream in a <video>, frame by frame, through its own decoder.
 */

export interface CameraSegment {
  /** Labels in view; none: the empty scene (a counter, a bag). */
  scene?: LabelScene;
  seconds: number;
}

const width = 640;
const height = 480;

interface PaintedSegment {
  luma: string;
  milliseconds: number;
  labelled: boolean;
}

/**
 * Replaces the page's camera with the segments, played in a loop from the first ask for the camera
 * (the first segment shown until then). It must run before the scanner asks for
 * the camera: on a page of the app, then the scanner opened from the app's own link.
 */
export async function installCanvasCamera(page: EnginePage, segments: CameraSegment[]): Promise<void> {
  const painted: PaintedSegment[] = segments.map((segment) => ({
    luma: Buffer.from(sceneLumaFrame(segment.scene ?? { labels: [] }, width, height)).toString('base64'),
    milliseconds: Math.round(segment.seconds * 1000),
    labelled: (segment.scene?.labels.length ?? 0) > 0,
  }));
  await page.run(
    (frames: PaintedSegment[], frameWidth: number, frameHeight: number) => {
      const canvas = document.createElement('canvas');
      canvas.width = frameWidth;
      canvas.height = frameHeight;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      const images = frames.map((frame) => {
        const luma = Uint8Array.from(atob(frame.luma), (character) => character.charCodeAt(0));
        const image = context.createImageData(frameWidth, frameHeight);
        for (let index = 0; index < luma.length; index += 1) {
          image.data[index * 4] = luma[index] ?? 0;
          image.data[index * 4 + 1] = luma[index] ?? 0;
          image.data[index * 4 + 2] = luma[index] ?? 0;
          image.data[index * 4 + 3] = 255;
        }
        return { image, milliseconds: frame.milliseconds, labelled: frame.labelled };
      });
      const loop = images.reduce((sum, frame) => sum + frame.milliseconds, 0);
      // The scenes play from the scanner's first ask for the camera: a label is never in view before.
      let started: number | undefined;
      // Painted again every 100 ms: a canvas stream carries a new frame only after a paint.
      const paint = () => {
        let at = started === undefined ? 0 : (performance.now() - started) % loop;
        const frame = images.find((candidate) => (at -= candidate.milliseconds) < 0) ?? images[0];
        if (frame) context.putImageData(frame.image, 0, 0);
        // When the camera first showed a label: nothing can have been scanned before.
        if (frame?.labelled && Reflect.get(window, '__labelShownAt') === undefined)
          Reflect.set(window, '__labelShownAt', performance.now());
      };
      paint();
      setInterval(paint, 100);
      const device = {
        deviceId: 'canvas-camera',
        groupId: 'canvas-camera',
        kind: 'videoinput',
        label: 'Back camera (label scene)',
        toJSON: () => ({}),
      } satisfies MediaDeviceInfo;
      const getUserMedia = (constraints?: MediaStreamConstraints) => {
        Reflect.set(window, '__cameraRequests', Number(Reflect.get(window, '__cameraRequests') ?? 0) + 1);
        started ??= performance.now();
        return constraints?.video
          ? Promise.resolve(canvas.captureStream(10))
          : Promise.reject(new DOMException('no microphone', 'NotFoundError'));
      };
      // On the prototype, not on navigator.mediaDevices itself: WebKit lets the garbage collector
      // drop that object's script wrapper (nothing in the page holds it) and hands out a new one
      // without the properties put on the old, so the scanner asked the engine's own camera.
      Object.defineProperty(MediaDevices.prototype, 'getUserMedia', { configurable: true, value: getUserMedia });
      Reflect.set(window, '__canvasGetUserMedia', getUserMedia);
      Object.defineProperty(MediaDevices.prototype, 'enumerateDevices', { configurable: true, value: () => Promise.resolve([device]) });
      Reflect.set(window, '__canvasCamera', true);
    },
    painted,
    width,
    height,
  );
}

/** Whether this page still has the canvas camera (a new page load has the engine's own again). */
export function hasCanvasCamera(page: EnginePage): Promise<boolean> {
  return page.run(() => Reflect.get(window, '__canvasCamera') === true);
}

/** When the canvas camera first showed a label, in the page's clock (performance.now), if it has. */
export function labelShownAt(page: EnginePage): Promise<number | null> {
  return page.run(() => {
    const at: unknown = Reflect.get(window, '__labelShownAt');
    return typeof at === 'number' ? at : null;
  });
}

/** How often the app asked for the camera since the canvas camera was installed. */
export function cameraRequests(page: EnginePage): Promise<number> {
  return page.run(() => Number(Reflect.get(window, '__cameraRequests') ?? 0));
}

/**
 * What the page shows when the scanner films another camera than the canvas one, for the report:
 * whether getUserMedia is still ours, the video's track and size, and which document this is.
 */
export function cameraDiagnosis(page: EnginePage): Promise<string> {
  return page.run(() => {
    const video = document.querySelector('video');
    const stream = video?.srcObject;
    const track = stream instanceof MediaStream ? stream.getVideoTracks()[0] : undefined;
    const ours = navigator.mediaDevices.getUserMedia === Reflect.get(window, '__canvasGetUserMedia');
    return [
      `getUserMedia ${ours ? 'is still the canvas one' : 'is no longer the canvas one'}`,
      `asked ${Number(Reflect.get(window, '__cameraRequests') ?? 0)} times`,
      video
        ? `video ${video.videoWidth}×${video.videoHeight}, track “${track?.label ?? 'none'}” (${track?.readyState ?? '–'})`
        : 'no video',
      `document from ${Math.round(performance.timeOrigin)} at ${location.pathname}, ${performance.getEntriesByType('navigation').length} navigation entries`,
    ].join('; ');
  });
}
