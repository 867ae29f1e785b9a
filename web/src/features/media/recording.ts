// Audio recording rules (spec 001 §4 "Audio recording", §8 messages, §9 "Recording capped at 120 s").
// Pure module (no DOM, no Vite): unit-tested under node.

/** Spec 001 §4 and §9: the recording stops by itself at 120 s. */
export const MAX_RECORDING_SECONDS = 120;

export const MediaMessages = {
  uploadFailed: 'Failed to upload media. Please try again.',
  microphone: 'Unable to access microphone. Please check permissions.',
  recording: 'Failed to process recorded audio. Please try again.',
} as const;

/** Container formats a browser's MediaRecorder may offer, best first (the media service accepts them). */
export const RECORDING_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg;codecs=opus',
  'audio/ogg',
  'audio/mp4',
] as const;

/** The first type the recorder supports, or '' to let the browser choose. */
export function pickRecordingMimeType(isTypeSupported: (type: string) => boolean): string {
  for (const type of RECORDING_MIME_TYPES) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // an old implementation that throws on unknown types
    }
  }
  return '';
}

/** "audio/webm;codecs=opus" → "audio/webm" (the upload's declared type). */
export function baseMimeType(mimeType: string): string {
  return mimeType.split(';', 1)[0]!.trim().toLowerCase();
}

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

/** A file name for a recording whose extension agrees with its type (the server compares them). */
export function recordingFileName(mimeType: string, at: Date): string {
  const extension = EXTENSIONS[baseMimeType(mimeType)] ?? 'webm';
  const stamp = at.toISOString().replace(/[:.]/g, '-').replace(/Z$/, '');
  return `recording-${stamp}.${extension}`;
}

/** "m:ss" for a number of seconds (the recording timer). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Percent of an upload, 0-100, from XMLHttpRequest progress figures. */
export function uploadPercent(loaded: number, total: number): number {
  if (!Number.isFinite(loaded) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}
