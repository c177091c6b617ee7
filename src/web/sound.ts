/**
 * Short sound cues made with Web Audio (UX.md §2.5; no sound files): your turn, an
 * opponent's move, an error or a refused key, the board's edge, a search that wraps, low time.
 */
import type { Sound } from '../play/types.js';

// Each cue: tones in hertz, played one after another, each `ms` long.
const CUES: Record<Sound, { tones: number[]; ms: number; type: OscillatorType }> = {
  turn: { tones: [660, 880], ms: 110, type: 'sine' },
  opponent: { tones: [520], ms: 90, type: 'sine' },
  error: { tones: [220, 180], ms: 120, type: 'square' },
  edge: { tones: [300], ms: 60, type: 'triangle' },
  wrap: { tones: [700, 500], ms: 60, type: 'triangle' },
};

let ctx: AudioContext | undefined;

/** Plays a cue, quietly; does nothing where the browser has no Web Audio. */
export function playCue(sound: Sound): void {
  const Ctor = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Ctor) return;
  ctx ??= new Ctor();
  if (ctx.state === 'suspended') void ctx.resume();
  const cue = CUES[sound];
  let t = ctx.currentTime;
  for (const hz of cue.tones) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = cue.type;
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.08, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + cue.ms / 1000);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + cue.ms / 1000);
    t += cue.ms / 1000;
  }
}
