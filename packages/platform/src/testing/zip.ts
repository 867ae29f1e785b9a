import yauzl from 'yauzl';

/** Every file of a ZIP (bytes, or a path to one) by its path, with its bytes: for checking a data export. */
export function readZip(source: Buffer | string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const opened = (error: Error | null, archive?: yauzl.ZipFile) => {
      if (error || !archive) return reject(error ?? new Error('not a ZIP'));
      const files = new Map<string, Buffer>();
      archive.on('error', reject);
      archive.on('end', () => resolve(files));
      archive.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return archive.readEntry();
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream)
            return reject(streamError ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    };
    if (typeof source === 'string') yauzl.open(source, { lazyEntries: true }, opened);
    else yauzl.fromBuffer(source, { lazyEntries: true }, opened);
  });
}
