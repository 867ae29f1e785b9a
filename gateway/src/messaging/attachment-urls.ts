import { createHmac } from 'node:crypto';

/**
 * Message attachments are readable only with a signed, expiring URL (media verifies it:
 * sig = base64url(HMAC-SHA256(key, "messages/<file>:<expires>"))). Messaging stores the URL media
 * signed at upload, which used to be handed out as is: anyone holding it could read the file for its
 * whole lifetime, and members saw their old attachments break once it expired (issue 18). The gateway
 * now signs a fresh URL for the member every time it hands a message out (API pages, socket pushes),
 * valid AURA_MEDIA_SIGNED_URL_TTL_SECONDS (15 min by default) from then.
 */
export class AttachmentUrlSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** `/api/media/messages/<file>?…` signed anew; any other URL unchanged. */
  fresh(url: string): string {
    const file = ATTACHMENT.exec(url)?.[1];
    if (!file) return url;
    const key = `messages/${file}`;
    const expires = Math.floor(this.now() / 1000) + this.ttlSeconds;
    const sig = createHmac('sha256', this.secret).update(`${key}:${expires}`).digest('base64url');
    return `/api/media/${key}?expires=${expires}&sig=${sig}`;
  }
}

const ATTACHMENT = /^\/api\/media\/messages\/([A-Za-z0-9][A-Za-z0-9._-]{0,199})(?:\?.*)?$/;

let signer: AttachmentUrlSigner | undefined;

/** Set once at start (main.ts); until then (unit tests), URLs pass unchanged. */
export function useAttachmentUrlSigner(value: AttachmentUrlSigner): void {
  signer = value;
}

export function freshAttachmentUrl(url: string): string {
  return signer ? signer.fresh(url) : url;
}
