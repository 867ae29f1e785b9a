// Records audio from the microphone with MediaRecorder (spec 001 §4 "Audio recording": idle,
// recording, stopped with file ready; stops automatically at 120 s).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from '../../../ui/useLatest';
import {
  MAX_RECORDING_SECONDS,
  MediaMessages,
  baseMimeType,
  pickRecordingMimeType,
  recordingFileName,
} from '../recording';

export type RecorderStatus = 'idle' | 'requesting' | 'recording';

export interface AudioRecorderCallbacks {
  /** The finished recording, as a file ready to upload. */
  onRecorded: (file: File) => void;
  /** One of the spec's messages: microphone access or processing failed. */
  onError: (message: string) => void;
}

interface Session {
  recorder: MediaRecorder;
  stream: MediaStream;
  discard: boolean;
}

export function useAudioRecorder(callbacks: AudioRecorderCallbacks) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsed, setElapsed] = useState(0);
  const session = useRef<Session | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const limit = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  const handlers = useLatest(callbacks);

  const clearTimers = () => {
    clearInterval(ticker.current);
    clearTimeout(limit.current);
  };

  const stop = useCallback(() => {
    const current = session.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
  }, []);

  /** Stops without producing a file. */
  const cancel = useCallback(() => {
    if (session.current) session.current.discard = true;
    stop();
  }, [stop]);

  const start = useCallback(async () => {
    if (session.current || status !== 'idle') return;
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      handlers.current.onError(MediaMessages.microphone);
      return;
    }
    setStatus('requesting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      if (mounted.current) setStatus('idle');
      handlers.current.onError(MediaMessages.microphone);
      return;
    }
    if (!mounted.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }

    const mimeType = pickRecordingMimeType((type) => MediaRecorder.isTypeSupported(type));
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      setStatus('idle');
      handlers.current.onError(MediaMessages.recording);
      return;
    }

    const chunks: Blob[] = [];
    const current: Session = { recorder, stream, discard: false };
    session.current = current;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onerror = () => {
      current.discard = true;
      if (recorder.state !== 'inactive') recorder.stop();
      handlers.current.onError(MediaMessages.recording);
    };
    recorder.onstop = () => {
      clearTimers();
      stream.getTracks().forEach((track) => track.stop());
      session.current = null;
      if (mounted.current) {
        setStatus('idle');
        setElapsed(0);
      }
      if (current.discard || !mounted.current) return;
      try {
        const type = baseMimeType(recorder.mimeType || mimeType || 'audio/webm');
        const blob = new Blob(chunks, { type });
        if (blob.size === 0) throw new Error('empty recording');
        handlers.current.onRecorded(new File([blob], recordingFileName(type, new Date()), { type }));
      } catch {
        handlers.current.onError(MediaMessages.recording);
      }
    };

    try {
      recorder.start(1000);
    } catch {
      session.current = null;
      stream.getTracks().forEach((track) => track.stop());
      setStatus('idle');
      handlers.current.onError(MediaMessages.recording);
      return;
    }
    const startedAt = Date.now();
    setElapsed(0);
    setStatus('recording');
    ticker.current = setInterval(() => {
      setElapsed(Math.min(MAX_RECORDING_SECONDS, Math.floor((Date.now() - startedAt) / 1000)));
    }, 250);
    // Spec 001 §4: the recording stops by itself at 120 s.
    limit.current = setTimeout(() => {
      setElapsed(MAX_RECORDING_SECONDS);
      if (recorder.state !== 'inactive') recorder.stop();
    }, MAX_RECORDING_SECONDS * 1000);
  }, [status, handlers]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimers();
      const current = session.current;
      if (current) {
        current.discard = true;
        if (current.recorder.state !== 'inactive') current.recorder.stop();
        current.stream.getTracks().forEach((track) => track.stop());
      }
    };
  }, []);

  return { status, elapsed, start, stop, cancel };
}
