/** Why the camera cannot show a picture; each gets its own guidance on the scan screen. */
export type CameraProblem = 'insecure' | 'denied' | 'no-camera' | 'in-use' | 'unknown';

/** Thrown by openCamera with the reason already sorted out. */
export class CameraError extends Error {
  constructor(
    readonly problem: CameraProblem,
    cause?: unknown,
  ) {
    super(`camera: ${problem}`, { cause });
  }
}

/** Sorts a getUserMedia failure into what the person can do about it. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error && typeof error === 'object' && 'name' in error && typeof error.name === 'string' ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'denied';
    // Browsers answer SecurityError when the page is not allowed cameras at all (insecure or a policy).
    case 'SecurityError':
      return window.isSecureContext ? 'denied' : 'insecure';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-camera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'in-use';
    default:
      return 'unknown';
  }
}

/**
 * Opens the rear camera (or the chosen one). Browsers hide `mediaDevices` on pages that are
 * not served over HTTPS (or localhost), so that case is told apart before asking.
 */
export async function openCamera(deviceId?: string): Promise<MediaStream> {
  if (!window.isSecureContext) throw new CameraError('insecure');
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('no-camera');
  const video: MediaTrackConstraints = deviceId
    ? { deviceId: { exact: deviceId } }
    : { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } };
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio: false });
  } catch (error) {
    throw new CameraError(cameraProblemOf(error), error);
  }
}

export function stopCamera(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Cameras the person can switch between (labels are known once permission is given). */
export async function listCameras(): Promise<MediaDeviceInfo[]> {
  try {
    return (await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'videoinput');
  } catch {
    return [];
  }
}

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };
type TorchConstraintSet = MediaTrackConstraintSet & { torch?: boolean };

export function hasTorch(stream: MediaStream | undefined): boolean {
  const track = stream?.getVideoTracks()[0];
  if (!track || typeof track.getCapabilities !== 'function') return false;
  return (track.getCapabilities() as TorchCapabilities).torch === true;
}

export async function setTorch(stream: MediaStream | undefined, on: boolean): Promise<void> {
  const track = stream?.getVideoTracks()[0];
  if (!track) return;
  const torch: TorchConstraintSet = { torch: on };
  await track.applyConstraints({ advanced: [torch] });
}
