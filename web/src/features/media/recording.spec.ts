import {
  MAX_RECORDING_SECONDS,
  MediaMessages,
  baseMimeType,
  formatClock,
  pickRecordingMimeType,
  recordingFileName,
  uploadPercent,
} from './recording';

describe('audio recording (spec 001 §4, §8, §9)', () => {
  it('is capped at 120 s and uses the catalogue texts', () => {
    expect(MAX_RECORDING_SECONDS).toBe(120);
    expect(MediaMessages).toEqual({
      uploadFailed: 'Failed to upload media. Please try again.',
      microphone: 'Unable to access microphone. Please check permissions.',
      recording: 'Failed to process recorded audio. Please try again.',
    });
  });

  it('picks the first container the recorder supports', () => {
    expect(pickRecordingMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingMimeType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(pickRecordingMimeType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(pickRecordingMimeType(() => false)).toBe('');
    expect(
      pickRecordingMimeType(() => {
        throw new Error('old browser');
      }),
    ).toBe('');
  });

  it('names the file with the extension of its type', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    expect(recordingFileName('audio/webm;codecs=opus', at)).toBe('recording-2026-01-02T03-04-05-678.webm');
    expect(recordingFileName('audio/ogg', at)).toMatch(/\.ogg$/);
    expect(recordingFileName('audio/mp4', at)).toMatch(/\.m4a$/);
    expect(recordingFileName('', at)).toMatch(/\.webm$/);
    expect(baseMimeType('Audio/WebM; codecs=opus')).toBe('audio/webm');
  });

  it('shows the timer as m:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(9.9)).toBe('0:09');
    expect(formatClock(61)).toBe('1:01');
    expect(formatClock(MAX_RECORDING_SECONDS)).toBe('2:00');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('upload percent from progress figures', () => {
    expect(uploadPercent(0, 100)).toBe(0);
    expect(uploadPercent(333, 1000)).toBe(33);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(2000, 1000)).toBe(100);
    expect(uploadPercent(5, 0)).toBe(0);
    expect(uploadPercent(Number.NaN, 10)).toBe(0);
  });
});
