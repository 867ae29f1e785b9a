import { CATALOGUE } from './catalogue.data';
import { genieSvg } from './artwork';

describe('genie artwork', () => {
  it('is a self-contained SVG per genie: titled, no script, no external reference, all different', () => {
    const svgs = CATALOGUE.map((entry) => genieSvg(entry));
    for (const [i, svg] of svgs.entries()) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain(`<title>${CATALOGUE[i].name}</title>`);
      expect(svg).not.toMatch(/<script|href=|url\((?!#)/i);
    }
    expect(new Set(svgs).size).toBe(svgs.length);
  });

  it('is drawn the same way every time', () => {
    expect(genieSvg(CATALOGUE[0])).toBe(genieSvg(CATALOGUE[0]));
  });
});
