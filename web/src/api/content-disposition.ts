// The file name a download's Content-Disposition header gives (RFC 6266: filename*=UTF-8''…, filename="…",
// filename=…), for the files the API sends: the data export's ZIP, the wallet's statements.
// Pure module (no DOM, no Vite): unit-tested under node.

/** The server's file name, reduced to a plain file name (nothing that reads as a path); undefined when none. */
export function dispositionFileName(contentDisposition: string | null | undefined): string | undefined {
  const header = contentDisposition ?? '';
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (encoded) {
    try {
      name = decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  const safe = name?.split(/[\\/]/).pop()?.trim();
  return safe && safe !== '.' && safe !== '..' ? safe : undefined;
}
