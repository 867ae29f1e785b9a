import { RuleViolation } from '@aura/platform';
import { media } from '@aura/proto';
import { HEADS } from './test-bytes';
import { checkSize, checkUpload, extensionOf, rulesFor, UploadMessages } from './upload-rules';

const { MEDIA_PURPOSE_POST: POST, MEDIA_PURPOSE_PROFILE_PICTURE: PICTURE } = media.MediaPurpose;
const { MEDIA_PURPOSE_BANNER: BANNER, MEDIA_PURPOSE_MESSAGE: MESSAGE } = media.MediaPurpose;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RuleViolation);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('upload rules', () => {
  it('accepts the spec types for the uploader, by bytes and name', () => {
    expect(checkUpload(POST, HEADS.jpeg, 'photo.JPG', 'image/jpeg')).toMatchObject({
      kind: 'jpeg',
      category: 'image',
    });
    expect(checkUpload(POST, HEADS.mp4, 'clip.mp4', 'video/mp4')).toMatchObject({
      category: 'video',
      contentType: 'video/mp4',
    });
    expect(checkUpload(POST, HEADS.mov, 'clip.mov', 'video/quicktime').category).toBe('video');
    expect(checkUpload(POST, HEADS.threeGp, 'clip.3gp', 'video/3gpp').category).toBe('video');
    expect(checkUpload(POST, HEADS.flv, 'clip.flv', 'video/x-flv').category).toBe('video');
    expect(checkUpload(POST, HEADS.mkv, 'clip.mkv', 'video/x-matroska').category).toBe('video');
    expect(checkUpload(POST, HEADS.mp3Frame, 'song.mp3', 'audio/mpeg')).toMatchObject({
      category: 'audio',
      contentType: 'audio/mpeg',
    });
    expect(checkUpload(POST, HEADS.m4a, 'voice.m4a', 'audio/x-m4a').category).toBe('audio');
    expect(checkUpload(POST, HEADS.flac, 'a.flac', '').category).toBe('audio');
    expect(checkUpload(POST, HEADS.aiff, 'a.aiff', 'audio/aiff').category).toBe('audio');
    expect(checkUpload(POST, HEADS.aac, 'a.aac', 'audio/aac').category).toBe('audio');
    expect(checkUpload(POST, HEADS.wav, 'a.wav', 'audio/wav').category).toBe('audio');
  });

  it('accepts browser recordings (audio/webm, audio/ogg with codecs) named "blob"', () => {
    expect(checkUpload(POST, HEADS.webm, 'blob', 'audio/webm;codecs=opus')).toMatchObject({
      kind: 'webm',
      category: 'audio',
      contentType: 'audio/webm',
    });
    expect(checkUpload(MESSAGE, HEADS.ogg, 'recording.ogg', 'audio/ogg; codecs=opus')).toMatchObject({
      category: 'audio',
      contentType: 'audio/ogg',
    });
    expect(checkUpload(POST, HEADS.webm, 'clip.webm', 'video/webm').category).toBe('video');
  });

  it('refuses when the name or claimed type disagrees with the bytes', () => {
    expect(refusal(() => checkUpload(POST, HEADS.png, 'song.mp3', 'audio/mpeg'))).toBe(
      UploadMessages.mismatch,
    );
    expect(refusal(() => checkUpload(POST, HEADS.png, 'photo.png', 'image/jpeg'))).toBe(
      UploadMessages.mismatch,
    );
    expect(refusal(() => checkUpload(POST, HEADS.mp4, 'clip.txt', 'video/mp4'))).toBe(
      UploadMessages.mismatch,
    );
    expect(refusal(() => checkUpload(PICTURE, HEADS.png, 'me.mp3', ''))).toBe(UploadMessages.mismatch);
  });

  it('refuses unknown bytes whatever the name says', () => {
    expect(refusal(() => checkUpload(POST, HEADS.text, 'fake.png', 'image/png'))).toBe(
      UploadMessages.unsupported,
    );
    expect(refusal(() => checkUpload(POST, HEADS.heic, 'photo.heic', 'image/heic'))).toBe(
      UploadMessages.unsupported,
    );
    expect(refusal(() => checkUpload(POST, HEADS.png, 'noextension', 'application/octet-stream'))).toBe(
      UploadMessages.unsupported,
    );
  });

  it('profile picture: images only, 5 MiB, with the spec messages', () => {
    for (const [head, type] of [
      [HEADS.jpeg, 'image/jpeg'],
      [HEADS.png, 'image/png'],
      [HEADS.gif, 'image/gif'],
      [HEADS.webp, 'image/webp'],
      [HEADS.bmp, 'image/bmp'],
      [HEADS.tiffLe, 'image/tiff'],
    ] as const)
      expect(checkUpload(PICTURE, head, 'picture', type).category).toBe('image');
    expect(refusal(() => checkUpload(PICTURE, HEADS.mp4, 'clip.mp4', 'video/mp4'))).toBe(
      'Please select an image file',
    );
    expect(refusal(() => checkUpload(PICTURE, HEADS.text, 'fake.png', 'image/png'))).toBe(
      'Please select an image file',
    );
    const rules = rulesFor(PICTURE);
    expect(() => checkSize(rules, 5242880)).not.toThrow();
    expect(refusal(() => checkSize(rules, 5242881))).toBe('Image too large. Maximum size is 5MB');
  });

  it('banner: images and mp4, webm, mov, avi, wmv video; 25 MiB', () => {
    for (const [head, name] of [
      [HEADS.png, 'b.png'],
      [HEADS.mp4, 'b.mp4'],
      [HEADS.webm, 'b.webm'],
      [HEADS.mov, 'b.mov'],
      [HEADS.avi, 'b.avi'],
      [HEADS.wmv, 'b.wmv'],
    ] as const)
      expect(() => checkUpload(BANNER, head, name, '')).not.toThrow();
    expect(checkUpload(BANNER, HEADS.avi, 'b.avi', 'video/x-msvideo').contentType).toBe('video/x-msvideo');
    expect(refusal(() => checkUpload(BANNER, HEADS.mp3Frame, 'b.mp3', 'audio/mpeg'))).toBe(
      UploadMessages.unsupported,
    );
    expect(refusal(() => checkUpload(BANNER, HEADS.webm, 'rec.weba', 'audio/webm'))).toBe(
      UploadMessages.unsupported,
    );
    expect(refusal(() => checkUpload(BANNER, HEADS.mkv, 'b.mkv', ''))).toBe(UploadMessages.unsupported);
    const rules = rulesFor(BANNER);
    expect(() => checkSize(rules, 25 * 1024 * 1024)).not.toThrow();
    expect(refusal(() => checkSize(rules, 25 * 1024 * 1024 + 1))).toBe(
      'File too large. Maximum size is 25MB',
    );
  });

  it('uploader and message attachments: 50 MiB', () => {
    for (const purpose of [POST, MESSAGE]) {
      expect(() => checkSize(rulesFor(purpose), 50 * 1024 * 1024)).not.toThrow();
      expect(refusal(() => checkSize(rulesFor(purpose), 50 * 1024 * 1024 + 1))).toBe(
        'File too large. Maximum size is 50MB',
      );
    }
    expect(rulesFor(MESSAGE).collection).toBe('messages');
    expect(rulesFor(POST).collection).toBe('posts');
  });

  it('needs a purpose', () => {
    expect(() => rulesFor(media.MediaPurpose.MEDIA_PURPOSE_UNSPECIFIED)).toThrow('purpose is required');
  });

  it('reads extensions from names', () => {
    expect(extensionOf('a.b.PNG')).toBe('png');
    expect(extensionOf('blob')).toBe('');
    expect(extensionOf('C:\\photos\\me.jpeg')).toBe('jpeg');
  });
});
