import { sniffContent } from './content-sniffer';
import { ebml, HEADS } from './test-bytes';

describe('sniffContent', () => {
  it.each([
    ['jpeg', HEADS.jpeg],
    ['png', HEADS.png],
    ['gif', HEADS.gif],
    ['webp', HEADS.webp],
    ['bmp', HEADS.bmp],
    ['tiff', HEADS.tiffLe],
    ['tiff', HEADS.tiffBe],
    ['mp4', HEADS.mp4],
    ['m4a', HEADS.m4a],
    ['mov', HEADS.mov],
    ['3gp', HEADS.threeGp],
    ['webm', HEADS.webm],
    ['mkv', HEADS.mkv],
    ['avi', HEADS.avi],
    ['wmv', HEADS.wmv],
    ['flv', HEADS.flv],
    ['ogg', HEADS.ogg],
    ['mp3', HEADS.mp3Frame],
    ['mp3', HEADS.mp3Id3],
    ['wav', HEADS.wav],
    ['aac', HEADS.aac],
    ['aiff', HEADS.aiff],
    ['flac', HEADS.flac],
  ])('recognises %s', (kind, head) => {
    expect(sniffContent(head)).toBe(kind);
  });

  it('tells WebM from Matroska by the EBML DocType', () => {
    expect(sniffContent(ebml('webm'))).toBe('webm');
    expect(sniffContent(ebml('matroska'))).toBe('mkv');
    expect(sniffContent(ebml('something'))).toBeUndefined();
  });

  it('does not take a RIFF of another form, HEIC, text or nothing for media', () => {
    expect(
      sniffContent(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('CDXA')])),
    ).toBeUndefined();
    expect(sniffContent(HEADS.heic)).toBeUndefined();
    expect(sniffContent(HEADS.text)).toBeUndefined();
    expect(sniffContent(Buffer.alloc(0))).toBeUndefined();
    expect(sniffContent(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  it('looks past an ID3 tag to AAC or FLAC', () => {
    const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0, 0, 0, 0x04, 0, 0, 0, 0]);
    expect(sniffContent(Buffer.concat([id3, Buffer.from('fLaC'), Buffer.alloc(8)]))).toBe('flac');
  });

  it('does not take JPEG or ADTS bytes for an MPEG audio frame', () => {
    expect(sniffContent(HEADS.jpeg)).toBe('jpeg');
    expect(sniffContent(HEADS.aac)).toBe('aac');
    expect(sniffContent(Buffer.from([0xff, 0xff, 0xff, 0xff]))).toBeUndefined();
  });
});
