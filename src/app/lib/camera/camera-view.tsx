import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { CameraError, hasTorch, listCameras, openCamera, setTorch, stopCamera, type CameraProblem } from './camera';
import { createQrDetector } from './detectors';
import './camera.css';

type CameraState = { kind: 'starting' } | { kind: 'running' } | { kind: 'problem'; problem: CameraProblem };

/** Time between two reads; native detection is cheap, the WebAssembly decoder runs on the main thread. */
const idleDelayMs = { native: 80, wasm: 60 } as const;

/**
 * The longest the next read waits for the screen to finish with the codes just read. Meanwhile a
 * read would only find the same codes again, and the WebAssembly decoder would hold the main
 * thread the recording needs (a bag of six on a 4× slowed CPU: bench/scanner.ts); a label shown
 * after them is read at most this late.
 */
const maxHandlingWaitMs = 1_000;

/**
 * The live camera picture and its controls. Reads QR codes continuously and hands the texts
 * of each frame that shows any to `onRead`, together (the same codes come again with the next
 * frame: the caller decides).
 */
export function CameraView({
  onRead,
  flash,
  onProblem,
}: {
  /** May return a promise while it handles the texts: the next read waits for it (at most maxHandlingWaitMs). */
  onRead: (texts: string[]) => void | Promise<unknown>;
  flash: { tone: 'ok' | 'bad'; serial: number } | undefined;
  /** Why the camera cannot be used, or undefined while it starts or runs: the screen arranges itself around it. */
  onProblem?: (problem: CameraProblem | undefined) => void;
}) {
  const { t } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  const readRef = useRef(onRead);
  readRef.current = onRead;
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState<string>();
  const [stream, setStream] = useState<MediaStream>();
  const [torchOn, setTorchOn] = useState(false);

  const problem = state.kind === 'problem' ? state.problem : undefined;
  const problemRef = useRef(onProblem);
  problemRef.current = onProblem;
  useEffect(() => problemRef.current?.(problem), [problem]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let opened: MediaStream | undefined;
    setState({ kind: 'starting' });
    setTorchOn(false);
    void (async () => {
      try {
        opened = await openCamera(deviceId);
        if (stopped) return stopCamera(opened);
        // Loaded and warmed up while the picture starts, not after it: the first frame is read
        // sooner. Not before the camera opened: a device without one never downloads the decoder.
        const detectorReady = createQrDetector();
        // Awaited below; meanwhile a failure is not an unhandled rejection.
        detectorReady.catch(() => undefined);
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = opened;
        await video.play().catch(() => undefined);
        setStream(opened);
        setState({ kind: 'running' });
        void listCameras().then((found) => !stopped && setCameras(found));
        const detector = await detectorReady;
        const tick = async () => {
          if (stopped) return;
          // A hidden tab does not read (battery), the camera stays open to resume at once.
          if (!document.hidden && video.readyState >= 2) {
            try {
              const texts = await detector.detect(video);
              const handling = texts.length > 0 && !stopped ? readRef.current(texts) : undefined;
              if (handling)
                await Promise.race([handling.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, maxHandlingWaitMs))]);
            } catch {
              // A frame the detector could not take (resizing, switching): the next one will do.
            }
          }
          if (!stopped) timer = setTimeout(() => void tick(), idleDelayMs[detector.kind]);
        };
        void tick();
      } catch (error) {
        if (stopped) return;
        setState({ kind: 'problem', problem: error instanceof CameraError ? error.problem : 'unknown' });
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera(opened);
      setStream(undefined);
    };
  }, [deviceId, attempt]);

  function switchCamera() {
    const currentId = stream?.getVideoTracks()[0]?.getSettings().deviceId ?? deviceId;
    const index = cameras.findIndex((camera) => camera.deviceId === currentId);
    const next = cameras[(index + 1) % cameras.length];
    if (next) setDeviceId(next.deviceId);
  }

  async function toggleTorch() {
    try {
      await setTorch(stream, !torchOn);
      setTorchOn(!torchOn);
    } catch {
      // The light refused (another app holds it): the button keeps its state.
    }
  }

  const problemTexts: Record<CameraProblem, { title: string; help: string }> = {
    denied: {
      title: t`Camera access is blocked`,
      help: t`Allow the camera for this site: tap the lock or camera icon next to the address, choose Allow, then try again. In the installed app, allow the camera for your browser in your phone's settings.`,
    },
    'no-camera': {
      title: t`No camera found`,
      help: t`This device has no camera we can use. Type the code printed under the QR code instead.`,
    },
    'in-use': {
      title: t`The camera is in use`,
      help: t`Another app or tab is using the camera. Close it (video call, camera app), then try again.`,
    },
    insecure: {
      title: t`The camera needs a secure connection`,
      help: t`Browsers only open the camera on a secure (https) address. Open the app from its https address, or type the code below.`,
    },
    unknown: {
      title: t`The camera could not start`,
      help: t`Try again, or type the code printed under the QR code.`,
    },
  };

  return (
    <div className="scanner" data-testid="camera" data-state={state.kind}>
      {/* Without a picture an empty black frame only pushes the code field down; the video stays mounted for "Try again". */}
      <div className="scanner__frame" hidden={state.kind === 'problem'}>
        <video ref={videoRef} className="scanner__video" muted playsInline aria-label={t`Camera view`} />
        <div className="scanner__target" aria-hidden="true" />
        {flash ? <div key={flash.serial} className={`scanner__flash scanner__flash--${flash.tone}`} aria-hidden="true" /> : null}
        {state.kind === 'starting' ? <p className="scanner__overlay">{t`Starting the camera…`}</p> : null}
      </div>
      {state.kind === 'problem' ? (
        <div className="scanner__problem" role="alert" data-testid="camera-problem" data-problem={state.problem}>
          <p className="scanner__problem-title">{problemTexts[state.problem].title}</p>
          <p>{problemTexts[state.problem].help}</p>
          {state.problem !== 'insecure' && state.problem !== 'no-camera' ? (
            <button type="button" className="button" onClick={() => setAttempt((value) => value + 1)}>
              {t`Try again`}
            </button>
          ) : null}
        </div>
      ) : null}
      {state.kind === 'running' && (hasTorch(stream) || cameras.length > 1) ? (
        <div className="scanner__controls">
          {hasTorch(stream) ? (
            <button type="button" className="button button--secondary" aria-pressed={torchOn} onClick={() => void toggleTorch()}>
              {t`Light`}
            </button>
          ) : null}
          {cameras.length > 1 ? (
            <button type="button" className="button button--secondary" onClick={switchCamera}>
              {t`Switch camera`}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
