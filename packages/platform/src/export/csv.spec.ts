import { csvCell, toCsv } from './csv';

describe('export CSV', () => {
  it('has a column per field in first-seen order and an empty cell where a record lacks one', () => {
    expect(
      toCsv([
        { id: 'a', text: 'hi' },
        { id: 'b', mood: 'calm' },
      ]),
    ).toBe('id,text,mood\r\na,hi,\r\nb,,calm\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('one, two')).toBe('"one, two"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it('writes objects and arrays as JSON and leaves numbers and booleans as they are', () => {
    expect(csvCell(['x', 'y'])).toBe('"[""x"",""y""]"');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
  });

  it('keeps a spreadsheet from running text as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@me')).toBe("'@me");
    expect(csvCell(-3)).toBe('-3');
  });

  it('is just the header line for no records', () => {
    expect(toCsv([])).toBe('\r\n');
  });
});
