import QRCode from 'qrcode';

/**
 * Camera frames with several container labels at once, and the ways a label is hard to read
 * in a bag: small (far away), tilted, blurred (out of focus, a moving hand), glare on the
 * plastic, partly covered by a thumb or another container. The fake camera (writeY4m), the
 * decoder bench and the tests draw the same scenes.
 */
export interface SceneLabel {
  text: string;
  /** Centre of the label, as a fraction of the frame's width and height. */
  x: number;
  y: number;
  /** Size of one QR module in pixels (a phone 30 cm above a bag sees about 4). */
  modulePixels: number;
  tiltDegrees?: number;
  /** 0…1: how much a highlight washes out the middle of the label. */
  glare?: number;
  /** 0…1: the share of the code's width a thumb hides from its lower right corner (away from the finder patterns). */
  covered?: number;
}

export interface LabelScene {
  labels: SceneLabel[];
  /** Box blur radius in pixels over the whole frame, applied three times (close to a Gaussian). */
  blur?: number;
}

const paper = 232;
const ink = 24;
const background = 150;
const thumb = 120;
/** Supersampling per axis: the edges of a tilted label are shades of grey, as a camera sees them. */
const samples = 3;

function drawLabel(frame: Uint8ClampedArray, width: number, height: number, label: SceneLabel): void {
  const qr = QRCode.create(label.text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const half = ((size + 2 * quiet) * label.modulePixels) / 2;
  const angle = ((label.tiltDegrees ?? 0) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const centreX = label.x * width;
  const centreY = label.y * height;
  const reach = Math.ceil(half * Math.SQRT2) + 1;
  const coverFrom = size * (1 - (label.covered ?? 0));
  for (let py = Math.max(0, Math.floor(centreY - reach)); py < Math.min(height, centreY + reach); py += 1) {
    for (let px = Math.max(0, Math.floor(centreX - reach)); px < Math.min(width, centreX + reach); px += 1) {
      let sum = 0;
      let inside = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const dx = px + (sx + 0.5) / samples - centreX;
          const dy = py + (sy + 0.5) / samples - centreY;
          // The point in the label's own (unturned) coordinates, in modules from the code's corner.
          const column = (cos * dx + sin * dy + half) / label.modulePixels - quiet;
          const row = (-sin * dx + cos * dy + half) / label.modulePixels - quiet;
          if (column < -quiet || row < -quiet || column >= size + quiet || row >= size + quiet) continue;
          inside += 1;
          if (label.covered && column >= coverFrom && row >= coverFrom) sum += thumb;
          else if (column >= 0 && row >= 0 && column < size && row < size && qr.modules.get(Math.floor(row), Math.floor(column)))
            sum += ink;
          else sum += paper;
        }
      }
      if (inside === 0) continue;
      const index = py * width + px;
      let value = (sum + frame[index]! * (samples * samples - inside)) / (samples * samples);
      if (label.glare) {
        const distance = Math.hypot(px - centreX + half * 0.2, py - centreY + half * 0.2) / (half * 0.6);
        value += (255 - value) * label.glare * Math.exp(-distance * distance);
      }
      frame[index] = value;
    }
  }
}

function boxBlur(frame: Uint8ClampedArray, width: number, height: number, radius: number): void {
  const line = new Float64Array(Math.max(width, height));
  const pass = (count: number, length: number, at: (line: number, position: number) => number) => {
    for (let outer = 0; outer < count; outer += 1) {
      for (let position = 0; position < length; position += 1) line[position] = frame[at(outer, position)]!;
      for (let position = 0; position < length; position += 1) {
        let sum = 0;
        let taken = 0;
        for (let offset = -radius; offset <= radius; offset += 1) {
          const source = position + offset;
          if (source < 0 || source >= length) continue;
          sum += line[source]!;
          taken += 1;
        }
        frame[at(outer, position)] = sum / taken;
      }
    }
  };
  pass(height, width, (row, column) => row * width + column);
  pass(width, height, (column, row) => row * width + column);
}

/** The luma (Y) plane of a frame showing these labels on a grey background (a bag, a counter). */
export function sceneLumaFrame(scene: LabelScene, width: number, height: number): Uint8ClampedArray {
  const frame = new Uint8ClampedArray(width * height).fill(background);
  for (const label of scene.labels) drawLabel(frame, width, height, label);
  if (scene.blur) for (let round = 0; round < 3; round += 1) boxBlur(frame, width, height, scene.blur);
  return frame;
}

/** Six labels side by side, three by two, as in a bag emptied on the counter. */
export function sixLabels(texts: string[], modulePixels: number, each: (index: number) => Partial<SceneLabel> = () => ({})): SceneLabel[] {
  return texts.slice(0, 6).map((text, index) => ({
    text,
    x: (1 + 2 * (index % 3)) / 6,
    y: index < 3 ? 0.27 : 0.73,
    modulePixels,
    ...each(index),
  }));
}

export type HardCase = 'clear' | 'small' | 'tilted' | 'blurred' | 'glare' | 'covered';

/** One frame of six labels for each hard case, at 640×480 (the size the scanner reads). */
export function hardScene(hardCase: HardCase, texts: string[]): LabelScene {
  switch (hardCase) {
    case 'clear':
      return { labels: sixLabels(texts, 4) };
    case 'small':
      // About 5 cm across at arm's length: two pixels a module.
      return { labels: sixLabels(texts, 2) };
    case 'tilted':
      return { labels: sixLabels(texts, 3.5, (index) => ({ tiltDegrees: [12, 27, 41, -18, -33, 45][index] })) };
    case 'blurred':
      return { labels: sixLabels(texts, 4), blur: 1 };
    case 'glare':
      return { labels: sixLabels(texts, 4, () => ({ glare: 0.8 })) };
    case 'covered':
      return { labels: sixLabels(texts, 4, () => ({ covered: 0.3 })) };
  }
}

export const hardCases: HardCase[] = ['clear', 'small', 'tilted', 'blurred', 'glare', 'covered'];
