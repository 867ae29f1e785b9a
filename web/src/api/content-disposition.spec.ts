import { dispositionFileName } from './content-disposition';

describe('Content-Disposition file names', () => {
  it("reads the server's name as a plain file name, or none", () => {
    expect(dispositionFileName('attachment; filename="aura-data-2026-11-27.zip"')).toBe(
      'aura-data-2026-11-27.zip',
    );
    expect(dispositionFileName("attachment; filename*=UTF-8''aura%20data.zip")).toBe('aura data.zip');
    expect(dispositionFileName('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(dispositionFileName('attachment; filename="../../etc/x.zip"')).toBe('x.zip');
    expect(dispositionFileName('attachment; filename=".."')).toBeUndefined();
    expect(dispositionFileName(null)).toBeUndefined();
    expect(dispositionFileName('attachment')).toBeUndefined();
  });
});
