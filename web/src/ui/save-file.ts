// Saves bytes the app holds (a Blob fetched through the API client, text made here) as a file: a
// temporary object URL and an <a download> click, the URL released once the browser has taken it.

/** How long the object URL stays valid after the click (the browser copies it before then). */
const RELEASE_AFTER_MS = 30_000;

export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
}
