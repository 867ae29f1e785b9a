import { RuleViolation } from '@aura/platform';
import sharp, { Sharp } from 'sharp';
import type { SniffedKind } from '../validation/content-sniffer';
import { UploadMessages } from '../validation/upload-rules';
import { decodeBmp } from './bmp';

/** Decompression-bomb guard: at most ~50 megapixels (e.g. 8660 x 5773) per image or animation. */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * BMPs are decoded in JavaScript on the event loop into 4 bytes a pixel, so they get a far lower cap
 * (issue 18, review F7): 8 Mi pixels (a 4K frame, 3840 x 2160, fits) is at most 32 MiB and a short
 * loop, where 50 M pixels was 200 MB from a 6 MB 1-bit file.
 */
export const MAX_BMP_PIXELS = 8 * 1024 * 1024;

export const ImageMessages = {
  tooManyPixels: 'Image dimensions are too large',
} as const;

/** Resized copies made of every image (never enlarged). */
export const VARIANTS = [
  { name: 'thumb', width: 320, height: 320 },
  { name: 'display', width: 1280, height: undefined },
] as const;

export interface EncodedImage {
  data: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

export interface ProcessedImage extends EncodedImage {
  /** Only the variants smaller than the image; a missing one means "use the image itself". */
  variants: Array<EncodedImage & { name: string }>;
}

type OutputFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const OUTPUT: Record<string, OutputFormat> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  bmp: 'png',
  tiff: 'png',
};
const EXTENSION: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

function encode(pipeline: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 85, progressive: true });
    case 'png':
      return pipeline.png({ compressionLevel: 6 });
    case 'webp':
      return pipeline.webp({ quality: 85 });
    case 'gif':
      return pipeline.gif();
  }
}

async function run(pipeline: Sharp, format: OutputFormat): Promise<EncodedImage> {
  const { data, info } = await encode(pipeline, format).toBuffer({ resolveWithObject: true });
  return {
    data,
    contentType: `image/${format}`,
    extension: EXTENSION[format],
    width: info.width,
    height: info.pageHeight ?? info.height,
  };
}

/**
 * Auto-orients, re-encodes (which drops EXIF, GPS, XMP, comments: sharp keeps metadata only when
 * asked) and makes the resized variants. Animated GIF and WebP stay animated.
 */
export async function processImage(kind: SniffedKind, input: Buffer): Promise<ProcessedImage> {
  const format = OUTPUT[kind];
  if (!format) throw new Error(`not an image kind: ${kind}`);
  try {
    let open: () => Sharp;
    let animated = false;
    if (kind === 'bmp') {
      const raw = decodeBmp(input, MAX_BMP_PIXELS);
      open = () =>
        sharp(raw.data, {
          raw: { width: raw.width, height: raw.height, channels: 4 },
          limitInputPixels: MAX_INPUT_PIXELS,
        });
    } else {
      const multiPage = kind === 'gif' || kind === 'webp';
      const probe = await sharp(input, {
        limitInputPixels: MAX_INPUT_PIXELS,
        animated: multiPage,
      }).metadata();
      animated = multiPage && (probe.pages ?? 1) > 1;
      open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' }).rotate();
    }
    const main = await run(open(), format);
    const variants: ProcessedImage['variants'] = [];
    for (const variant of VARIANTS) {
      const fitsAlready =
        main.width <= variant.width && (variant.height === undefined || main.height <= variant.height);
      if (fitsAlready) continue;
      const resized = open().resize({
        width: variant.width,
        height: variant.height,
        fit: 'inside',
        withoutEnlargement: true,
      });
      variants.push({ name: variant.name, ...(await run(resized, format)) });
    }
    return { ...main, variants };
  } catch (error) {
    if (error instanceof RuleViolation) throw error;
    const message = String((error as Error)?.message ?? error);
    if (/pixel limit/i.test(message)) throw new RuleViolation(ImageMessages.tooManyPixels);
    // The bytes start like an image but libvips cannot decode them.
    throw new RuleViolation(UploadMessages.unsupported);
  }
}
