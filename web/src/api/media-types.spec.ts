import {
  MAX_MEDIA_ATTEMPTS,
  absoluteMediaUrl,
  alternateMediaUrls,
  extensionOf,
  kindOfContentType,
  kindOfFile,
  mediaFileName,
  mediaKindFromUrl,
  resolveMediaKind,
  withRetryParam,
} from './media-types';

describe('media type by extension (spec 000 §5)', () => {
  it.each(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff'])('.%s is an image', (ext) => {
    expect(mediaKindFromUrl(`/api/media/posts/abc.${ext}`)).toBe('image');
  });

  it.each(['mp4', 'webm', 'mov', 'avi', 'wmv', 'mkv', '3gp'])('.%s is a video', (ext) => {
    expect(mediaKindFromUrl(`/api/media/posts/abc.${ext}`)).toBe('video');
  });

  it.each(['mp3', 'wav', 'ogg', 'aac', 'aiff', 'flac', 'm4a'])('.%s is audio', (ext) => {
    expect(mediaKindFromUrl(`/api/media/posts/abc.${ext}`)).toBe('audio');
  });

  it('ignores case, query and fragment; unknown or missing extensions are not media', () => {
    expect(mediaKindFromUrl('https://cdn.example/a/B.JPG?x=1#top')).toBe('image');
    expect(mediaKindFromUrl('/api/media/messages/f.webm?expires=1&sig=a.b')).toBe('video');
    expect(mediaKindFromUrl('/api/media/posts/file.svg')).toBeNull();
    expect(mediaKindFromUrl('/api/media/posts/file')).toBeNull();
    expect(mediaKindFromUrl('/api/media/posts/.png')).toBeNull();
    expect(mediaKindFromUrl('')).toBeNull();
  });

  it('reads the MIME type of data: URLs', () => {
    expect(mediaKindFromUrl('data:video/mp4;base64,AAAA')).toBe('video');
    expect(mediaKindFromUrl('data:image/png;base64,AAAA')).toBe('image');
    expect(mediaKindFromUrl('data:text/plain,hello')).toBeNull();
  });

  it('extension and file name of a URL', () => {
    expect(extensionOf('/api/media/banners/x.MP4')).toBe('mp4');
    expect(extensionOf('/a.b/noext')).toBe('');
    expect(mediaFileName('/api/media/posts/abc.jpg?sig=1')).toBe('abc.jpg');
    expect(mediaFileName('abc.jpg')).toBe('abc.jpg');
    expect(mediaFileName('/api/media/posts/')).toBeNull();
    expect(mediaFileName('data:image/png;base64,AA')).toBeNull();
  });
});

describe('resolveMediaKind: declared type or guess (spec 000 §5)', () => {
  it('guesses from the extension when the type is unspecified or multimedia', () => {
    expect(resolveMediaKind('/x/a.mp3')).toBe('audio');
    expect(resolveMediaKind('/x/a.mp3', '')).toBe('audio');
    expect(resolveMediaKind('/x/a.mov', 'multimedia')).toBe('video');
    expect(resolveMediaKind('/x/a.mov', ' MultiMedia ')).toBe('video');
    expect(resolveMediaKind('/x/a.txt', 'multimedia')).toBeNull();
  });

  it('trusts a declared image, video or audio type (or its MIME type)', () => {
    expect(resolveMediaKind('/x/blob', 'image')).toBe('image');
    expect(resolveMediaKind('/x/a.jpg', 'video')).toBe('video');
    expect(resolveMediaKind('/x/a', 'audio/webm')).toBe('audio');
  });

  it('anything else is unsupported', () => {
    expect(resolveMediaKind('/x/a.jpg', 'text')).toBeNull();
    expect(resolveMediaKind('/x/a.jpg', 'document')).toBeNull();
    expect(resolveMediaKind('/x/a.jpg', 'application/pdf')).toBeNull();
  });

  it('kinds of content types and picked files', () => {
    expect(kindOfContentType('image/jpeg')).toBe('image');
    expect(kindOfContentType('Video/MP4; codecs=avc1')).toBe('video');
    expect(kindOfContentType('application/octet-stream')).toBeNull();
    expect(kindOfContentType(null)).toBeNull();
    expect(kindOfFile({ type: 'audio/webm', name: 'blob' })).toBe('audio');
    expect(kindOfFile({ type: '', name: 'clip.MKV' })).toBe('video');
    expect(kindOfFile({ type: 'text/plain', name: 'notes.txt' })).toBeNull();
  });
});

describe('media URLs and alternates (spec 000 §4 "Media failure", §7)', () => {
  it('prefixes relative URLs with the backend host; absolute, data: and blob: stay', () => {
    expect(absoluteMediaUrl('/api/media/posts/a.jpg', '')).toBe('/api/media/posts/a.jpg');
    expect(absoluteMediaUrl('/api/media/posts/a.jpg', 'https://aura.example/')).toBe(
      'https://aura.example/api/media/posts/a.jpg',
    );
    expect(absoluteMediaUrl('uploads/a.jpg', 'https://aura.example')).toBe(
      'https://aura.example/uploads/a.jpg',
    );
    expect(absoluteMediaUrl('https://cdn.example/a.jpg', 'https://aura.example')).toBe(
      'https://cdn.example/a.jpg',
    );
    expect(absoluteMediaUrl('//cdn.example/a.jpg', 'https://aura.example')).toBe('//cdn.example/a.jpg');
    expect(absoluteMediaUrl('data:image/png;base64,AA', 'https://aura.example')).toBe(
      'data:image/png;base64,AA',
    );
    expect(absoluteMediaUrl('blob:https://aura.example/1', 'x')).toBe('blob:https://aura.example/1');
  });

  it('tries the original, then /api/media/posts/{file} and /api/media/profiles/{file}: 3 at most', () => {
    expect(alternateMediaUrls('/uploads/abc.jpg', 'https://aura.example')).toEqual([
      'https://aura.example/uploads/abc.jpg',
      'https://aura.example/api/media/posts/abc.jpg',
      'https://aura.example/api/media/profiles/abc.jpg',
    ]);
    expect(alternateMediaUrls('/uploads/abc.jpg', '')).toHaveLength(MAX_MEDIA_ATTEMPTS);
  });

  it('does not list the same URL twice', () => {
    expect(alternateMediaUrls('/api/media/posts/abc.jpg', '')).toEqual([
      '/api/media/posts/abc.jpg',
      '/api/media/profiles/abc.jpg',
    ]);
    expect(alternateMediaUrls('/api/media/profiles/p.png', '')).toEqual([
      '/api/media/profiles/p.png',
      '/api/media/posts/p.png',
    ]);
  });

  it('drops the query of a signed URL in the alternates, and has none for data: URLs', () => {
    expect(alternateMediaUrls('/api/media/messages/m.mp3?expires=9&sig=s', '')).toEqual([
      '/api/media/messages/m.mp3?expires=9&sig=s',
      '/api/media/posts/m.mp3',
      '/api/media/profiles/m.mp3',
    ]);
    expect(alternateMediaUrls('data:image/png;base64,AA', '')).toEqual(['data:image/png;base64,AA']);
  });

  it('a manual retry adds a fresh parameter', () => {
    expect(withRetryParam('/a.jpg', 0)).toBe('/a.jpg');
    expect(withRetryParam('/a.jpg', 2)).toBe('/a.jpg?retry=2');
    expect(withRetryParam('/a.jpg?sig=1#t', 1)).toBe('/a.jpg?sig=1&retry=1#t');
    expect(withRetryParam('data:image/png;base64,AA', 3)).toBe('data:image/png;base64,AA');
  });
});
