/** What a person feels and hears after each read: a short buzz, and a beep if they asked for it. */
export type FeedbackKind = 'saved' | 'refused' | 'duplicate';

const soundKey = 'scan_sound';

export function soundPreference(): boolean {
  try {
    return localStorage.getItem(soundKey) === 'on';
  } catch {
    return false;
  }
}

export function storeSoundPreference(on: boolean): void {
  try {
    localStorage.setItem(soundKey, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

let audio: AudioContext | undefined;

function beep(frequency: number, durationMs: number): void {
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + durationMs / 1000);
  } catch {
    // No audio output: the visual and vibration feedback remain.
  }
}

const vibrations: Record<FeedbackKind, number | number[]> = { saved: 60, refused: [40, 60, 40], duplicate: 0 };

export function giveFeedback(kind: FeedbackKind, sound: boolean): void {
  const pattern = vibrations[kind];
  if (pattern !== 0 && typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
  if (!sound) return;
  if (kind === 'saved') beep(1320, 90);
  else if (kind === 'refused') beep(220, 180);
}
