/** Where the board remembers whether it may make a sound. */
const soundKey = 'board:sound';

export const soundOn = (): boolean => {
  try {
    return localStorage.getItem(soundKey) !== 'off';
  } catch {
    return true;
  }
};

let pageChoice: boolean | undefined;
const soundListeners = new Set<() => void>();

/** Whether the board may sound, as chosen on this device (`soundOn`), or in this page where storage is refused. */
export const soundChosen = (): boolean => pageChoice ?? soundOn();

/** Calls `changed` whenever the choice changes (for `useSyncExternalStore`); answers how to stop. */
export const onSoundChange = (changed: () => void): (() => void) => {
  soundListeners.add(changed);
  return () => soundListeners.delete(changed);
};

export const setSoundOn = (on: boolean): void => {
  try {
    localStorage.setItem(soundKey, on ? 'on' : 'off');
  } catch {
    // A private window without storage: the choice lasts as long as the page.
    pageChoice = on;
  }
  soundListeners.forEach((l) => l());
};

let context: AudioContext | null = null;

/** What the board announces (new-order-cue.ts `boardNews`); each has its tune, so the studio knows which without looking. */
export type ChimeKind = 'new' | 'cancelled' | 'paid';
const tunes: Record<ChimeKind, readonly number[]> = {
  /** Two rising tones: something to do. */
  new: [880, 1320],
  /** Two falling tones: something not to do any more. */
  cancelled: [660, 440],
  /** Three quick rising tones: good news. */
  paid: [1047, 1319, 1568],
};

/**
 * Short tones made by Web Audio: no file to load, nothing to cache offline. A browser lets a page sound only after
 * the user touched it; before that the chime is silent and the visible cue alone tells of the order.
 */
export const chime = (kind: ChimeKind = 'new'): void => {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const ctx = context;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
  const start = ctx.currentTime;
  tunes[kind].forEach((hz, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    const at = start + i * 0.16;
    osc.type = 'sine';
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.16);
  });
};
