import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSheet } from './sheet-parse.ts';
import { parseXlsxPackage } from './xlsx-parse.ts';
import { ZipEntryTooLargeError } from './zip-reader.ts';
import { xlsxFile, zipOf } from './test-sheets.ts';
import type { XmlHandler } from './xml-scanner.ts';
import { XmlScanner, attributeOf, decodeXmlText } from './xml-scanner.ts';

const limits = { maxBytes: 10_000_000, maxRows: 1000, maxColumns: 50, maxTextChars: 1_000_000 };
const read = async (bytes: Buffer) => parseSheet({ source: bytes, fileName: 'a.xlsx', ...limits });

const RELS = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="/book/main.xml"/>
</Relationships>`;
const WORKBOOK = `<?xml version="1.0"?>
<x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:rel="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
  <x:sheets><x:sheet name="Products" sheetId="7" rel:id='rId9'/><x:sheet name="Other" sheetId="1" rel:id="rId1"/></x:sheets>
</x:workbook>`;
const WORKBOOK_RELS = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="sheets/other.xml"/>
  <Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="sheets/first.xml"/>
  <Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/>
</Relationships>`;
const STRINGS = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="4" uniqueCount="4">
  <si><t>SKU</t></si>
  <si><r><rPr><b/></rPr><t>Product </t></r><r><t xml:space="preserve">Title</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si>
  <si><t>Fish &amp; Chips &#x263A; &#233;</t></si>
  <si><t/></si>
</sst>`;
const SHEET = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
  <x:sheetData>
    <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>Price</x:t></x:is></x:c><x:c r="D1" t='inlineStr'><x:is><x:t>Note</x:t></x:is></x:c><x:c r="E1" t="inlineStr"><x:is><x:t>Flag</x:t></x:is></x:c></x:row>
    <x:row r="3"><x:c r="A3" t="s"><x:v>2</x:v></x:c><x:c r="C3"><x:v>1E-3</x:v></x:c><x:c r="D3" t="str"><x:f>A3&amp;""</x:f><x:v>a &lt;b&gt;</x:v></x:c><x:c r="E3" t="b"><x:v>1</x:v></x:c></x:row>
    <x:row><x:c><x:v>12.50</x:v></x:c><x:c s="3"/><x:c t="e"><x:v>#N/A</x:v></x:c><x:c t="inlineStr"><x:is><x:r><x:t><![CDATA[<b>bold</b> &amp;]]></x:t></x:r><x:r><x:t> tail</x:t></x:r></x:is></x:c><!-- a comment --></x:row>
    <x:row r="6" spans="1:5"><x:c r="B6" t="s"><x:v>3</x:v></x:c></x:row>
    <x:row r="7"><x:c r="E7" t="b"><x:v>0</x:v></x:c></x:row>
  </x:sheetData>
  <x:rowBreaks count="1"><x:brk id="3"/></x:rowBreaks>
</x:worksheet>`;

describe('xlsx reader (the package read straight from its XML)', () => {
  it("reads the workbook's first sheet whatever the zip's order, with shared, rich, inline and CDATA text, numbers, booleans, formulas' results", async () => {
    const bytes = await zipOf([
      ['book/sheets/other.xml', '<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>'],
      ['book/sheets/first.xml', SHEET],
      ['book/strings.xml', STRINGS],
      ['book/main.xml', WORKBOOK],
      ['book/_rels/main.xml.rels', WORKBOOK_RELS],
      ['_rels/.rels', RELS],
    ]);
    expect(await read(bytes)).toEqual({
      headers: ['sku', 'product_title', 'price', 'note', 'flag'],
      rows: [
        { line: 3, values: { sku: 'Fish & Chips ☺ é', price: '0.001', note: 'a <b>', flag: 'TRUE' } },
        // A row without r follows the one before; cells without r follow theirs; an error cell is empty.
        { line: 4, values: { sku: '12.5', note: '<b>bold</b> &amp; tail' } },
        { line: 7, values: { flag: 'FALSE' } },
      ],
    });
  });

  it('reads a package without relationships by its first worksheet part; a zip without any is no spreadsheet (invalid)', async () => {
    const bytes = await zipOf([
      ['xl/worksheets/sheet2.xml', '<worksheet><sheetData><row r="2"><c r="A2" t="inlineStr"><is><t>sku</t></is></c></row><row r="3"><c r="A3"><v>5</v></c></row></sheetData></worksheet>'],
    ]);
    expect(await read(bytes)).toEqual({ headers: ['sku'], rows: [{ line: 3, values: { sku: '5' } }] });
    await expect(read(await zipOf([['readme.txt', 'hello']]))).rejects.toMatchObject({ name: 'SheetInvalidError' });
    await expect(read(await zipOf([['random.bin', randomBytes(4096)]]))).rejects.toMatchObject({ name: 'SheetInvalidError' });
    // A workbook whose first sheet names a part the package lacks, with no worksheet part to fall back on.
    await expect(read(await zipOf([['_rels/.rels', RELS], ['book/main.xml', WORKBOOK], ['book/_rels/main.xml.rels', WORKBOOK_RELS]]))).rejects.toMatchObject({ name: 'SheetInvalidError' });
    // A real spreadsheet with nothing in it stays blank.
    expect(await read(await xlsxFile([]))).toEqual({ headers: [], rows: [] });
  });

  it('reads what exceljs writes the same as before', async () => {
    const bytes = await xlsxFile([
      ['SKU', 'Price', 'Gift'],
      ['  A-1 ', 12.5, true],
      ['B & <2>', 0.1, false],
    ]);
    expect(await read(bytes)).toEqual({
      headers: ['sku', 'price', 'gift'],
      rows: [
        { line: 2, values: { sku: 'A-1', price: '12.5', gift: 'TRUE' } },
        { line: 3, values: { sku: 'B & <2>', price: '0.1', gift: 'FALSE' } },
      ],
    });
  });

  it('refuses a DOCTYPE, a truncated sheet and an encrypted or broken entry as invalid', async () => {
    const invalid = { name: 'SheetInvalidError' };
    const withSheet = (xml: string) => zipOf([['xl/worksheets/sheet1.xml', xml]]);
    await expect(read(await withSheet('<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData/></worksheet>'))).rejects.toMatchObject(invalid);
    await expect(read(await withSheet('<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>a'))).rejects.toMatchObject(invalid);
    const bytes = await withSheet('<worksheet><sheetData><row r="1"><c><v>1</v></c></row></sheetData></worksheet>');
    const encrypted = Buffer.from(bytes);
    encrypted.writeUInt16LE(encrypted.readUInt16LE(6) | 1, 6);
    const centralAt = encrypted.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(centralAt + 8) | 1, centralAt + 8);
    await expect(read(encrypted)).rejects.toMatchObject(invalid);
    const broken = Buffer.from(bytes);
    broken.fill(0xff, 40, 60);
    await expect(read(broken)).rejects.toMatchObject(invalid);
  });

  it('stops reading a sheet that inflates past its limit (a zip bomb costs neither memory nor unbounded time)', async () => {
    const row = '<row><c><v>1</v></c></row>';
    async function* rows() {
      yield '<worksheet><sheetData>';
      // 26 MB of XML that deflates to a few dozen KB.
      for (let i = 0; i < 100; i++) yield row.repeat(10_000);
      yield '</sheetData></worksheet>';
    }
    const bytes = await zipOf([['xl/worksheets/sheet1.xml', rows()]]);
    expect(bytes.length).toBeLessThan(1_000_000);
    let seen = 0;
    const sink = { add: () => void seen++ };
    await expect(parseXlsxPackage(bytes, sink, 5, { maxSheetBytes: 4_000_000 })).rejects.toBeInstanceOf(ZipEntryTooLargeError);
    expect(seen).toBeLessThan(200_000);
    await parseXlsxPackage(bytes, sink, 5);
  });
});

describe('XML scanner', () => {
  it('gives the same events however the text is cut into chunks', () => {
    const xml = `<?xml version="1.0"?><a x="1"><!-- c --><b>t&amp;u<![CDATA[<x>]]></b><c/><d:e>z</d:e></a>`;
    const events = (cut: (text: string) => string[]) => {
      const seen: string[] = [];
      let text = '';
      const handler: XmlHandler = {
        capturing: false,
        open(s, start, end, tagEnd, selfClosing) {
          const name = s.slice(start, end);
          const x = attributeOf(s, end, tagEnd, 'x');
          seen.push(`<${name}${x === undefined ? '' : ` x=${x}`}${selfClosing ? '/' : ''}>`);
          this.capturing = name === 'b' || name === 'e';
          text = '';
        },
        close(s, start, end) {
          if (this.capturing) seen.push(`text:${text}`);
          this.capturing = false;
          seen.push(`</${s.slice(start, end)}>`);
        },
        text(raw, isCdata) {
          text += isCdata ? raw : decodeXmlText(raw);
        },
      };
      const scanner = new XmlScanner(handler);
      for (const piece of cut(xml)) scanner.feed(piece);
      scanner.end();
      return seen;
    };
    const whole = events((text) => [text]);
    expect(whole).toEqual(['<a x=1>', '<b>', 'text:t&u<x>', '</b>', '<c/>', '<e>', 'text:z', '</e>', '</a>']);
    for (let size = 1; size <= 7; size++) {
      expect(events((text) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!)).toEqual(whole);
    }
  });
});
