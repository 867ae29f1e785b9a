import { ApiError } from '../../api/errors';
import {
  MAX_PICTURE_BYTES,
  ProfileMediaMessages,
  bannerKind,
  checkBannerFile,
  checkPictureFile,
  hasFields,
  isBannerVideo,
  isDisplayableContentType,
  isPictureFile,
  uploadFailureMessage,
} from './profile-media-rules';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('profile picture checks (spec 000 §5, §8)', () => {
  it('accepts the listed image types', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.jpeg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a.bmp', 'image/bmp'],
      ['a.bmp', 'image/x-ms-bmp'],
      ['a.tiff', 'image/tiff'],
    ] as const)
      expect(checkPictureFile(file(name, type))).toBeNull();
  });

  it('refuses anything else with "Please select an image file"', () => {
    expect(ProfileMediaMessages.notImage).toBe('Please select an image file');
    expect(checkPictureFile(file('notes.txt', 'text/plain'))).toBe('Please select an image file');
    expect(checkPictureFile(file('clip.mp4', 'video/mp4'))).toBe('Please select an image file');
    expect(checkPictureFile(file('logo.svg', 'image/svg+xml'))).toBe('Please select an image file');
    expect(checkPictureFile(file('photo.heic', 'image/heic'))).toBe('Please select an image file');
    expect(checkPictureFile(file('noext', ''))).toBe('Please select an image file');
  });

  it('falls back to the extension when the browser gives no specific type', () => {
    expect(isPictureFile(file('a.PNG', ''))).toBe(true);
    expect(isPictureFile(file('a.jpg', 'application/octet-stream'))).toBe(true);
    expect(isPictureFile(file('a.doc', 'application/octet-stream'))).toBe(false);
  });

  it('5 MB = 5242880 bytes is the most: "Image too large. Maximum size is 5MB"', () => {
    expect(MAX_PICTURE_BYTES).toBe(5242880);
    expect(checkPictureFile(file('a.png', 'image/png', 5242880))).toBeNull();
    expect(checkPictureFile(file('a.png', 'image/png', 5242881))).toBe(
      'Image too large. Maximum size is 5MB',
    );
    // the type is checked first
    expect(checkPictureFile(file('a.txt', 'text/plain', 9e6))).toBe('Please select an image file');
  });

  it('banner: 25MB at most, type left to the server', () => {
    expect(checkBannerFile(file('b.mp4', 'video/mp4', 25 * 1024 * 1024))).toBeNull();
    expect(checkBannerFile(file('b.mp4', 'video/mp4', 25 * 1024 * 1024 + 1))).toBe(
      'File too large. Maximum size is 25MB',
    );
  });

  it('failure text: the server detail, else the action message', () => {
    const refused = ApiError.fromResponse(400, { detail: 'Image too large. Maximum size is 5MB' });
    expect(uploadFailureMessage(refused, ProfileMediaMessages.pictureFailed)).toBe(
      'Image too large. Maximum size is 5MB',
    );
    expect(uploadFailureMessage(ApiError.fromResponse(500, {}), ProfileMediaMessages.pictureFailed)).toBe(
      'Failed to upload profile picture',
    );
    expect(uploadFailureMessage(new Error('x'), ProfileMediaMessages.bannerFailed)).toBe(
      'Failed to upload banner',
    );
    expect(uploadFailureMessage(new ApiError({ kind: 'transport' }), ProfileMediaMessages.bannerFailed)).toBe(
      'Failed to upload banner',
    );
    expect(ProfileMediaMessages.bannerUpdated).toBe('Banner updated successfully!');
  });
});

describe('banner display (spec 000 §4)', () => {
  it.each(['mp4', 'webm', 'mov', 'avi', 'wmv', 'mkv', '3gp'])('a .%s banner is a video', (ext) => {
    expect(isBannerVideo(`/api/media/banners/b.${ext}`)).toBe(true);
    expect(isBannerVideo(`/api/media/banners/b.${ext.toUpperCase()}?v=1`)).toBe(true);
  });

  it('other banners are images', () => {
    for (const url of ['/api/media/banners/b.jpg', '/api/media/banners/b.png', '/b', '/b.mp3'])
      expect(isBannerVideo(url)).toBe(false);
  });

  it('data: URLs by their MIME type', () => {
    expect(isBannerVideo('data:video/webm;base64,AAAA')).toBe(true);
    expect(isBannerVideo('data:image/png;base64,AAAA')).toBe(false);
  });

  it('kind: extension first, then the HEAD content type', () => {
    expect(bannerKind('/b.mp4', 'image/png')).toBe('video');
    expect(bannerKind('/b', 'video/mp4')).toBe('video');
    expect(bannerKind('/b', 'image/jpeg')).toBe('image');
    expect(bannerKind('/b')).toBe('image');
  });

  it('HEAD content types that are shown directly: image/* and video/*', () => {
    expect(isDisplayableContentType('image/jpeg')).toBe(true);
    expect(isDisplayableContentType('video/mp4')).toBe(true);
    expect(isDisplayableContentType('application/octet-stream')).toBe(false);
    expect(isDisplayableContentType('text/html; charset=utf-8')).toBe(false);
    expect(isDisplayableContentType('')).toBe(false);
    expect(isDisplayableContentType(null)).toBe(false);
  });
});

describe('hasFields (the refreshed member carries the new picture)', () => {
  it('compares only the expected fields', () => {
    const user = { profile_picture: '/p/new.jpg', banner_image: '' };
    expect(hasFields(user, { profile_picture: '/p/new.jpg' })).toBe(true);
    expect(hasFields(user, { profile_picture: '/p/old.jpg' })).toBe(false);
    expect(hasFields(user, {})).toBe(true);
    expect(hasFields(null, { banner_image: '' })).toBe(false);
  });
});
