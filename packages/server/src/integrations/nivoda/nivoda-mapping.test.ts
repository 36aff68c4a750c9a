import { describe, expect, it } from 'vitest';
import type { NivodaItem } from './nivoda-mapping.ts';
import { centsToDecimal, mapNivodaItem } from './nivoda-mapping.ts';

const naturalItem: NivodaItem = {
  id: 'DIAMOND/8bc1e15f-7086-489e-a79f-7e76a6063329',
  price: 412000,
  discount: -34.5,
  diamond: {
    id: '5f0c2a4e-1111-4222-a333-444455556666',
    image: 'https://media.example/images/5f0c/500/500.jpg',
    video: 'https://media.example/videos/5f0c/500/500',
    availability: 'AVAILABLE',
    supplierStockId: 'ABC-00001234',
    supplier: { name: 'Antwerp Brilliant Co' },
    certificate: {
      lab: 'GIA',
      shape: 'ROUND',
      certNumber: '2141438171',
      carats: 1.01,
      color: 'G',
      clarity: 'VS1',
      cut: 'EX',
      polish: 'EX',
      symmetry: 'VG',
      floInt: 'FNT',
      floCol: 'BLUE',
      length: 6.45,
      width: 6.42,
      depth: 3.98,
      depthPercentage: 61.9,
      table: 57,
      girdle: 'MEDIUM',
      labgrown: false,
    },
  },
};

describe('a Nivoda offer as a FeedStone', () => {
  it('maps every field of a natural diamond, the price from US cents to an exact decimal', () => {
    expect(mapNivodaItem(naturalItem, 'natural')).toEqual({
      stone: {
        sourceId: 'DIAMOND/8bc1e15f-7086-489e-a79f-7e76a6063329',
        stockId: 'ABC-00001234',
        certificateNumber: '2141438171',
        lab: 'GIA',
        shape: 'ROUND',
        carat: 1.01,
        color: 'G',
        clarity: 'VS1',
        cut: 'EX',
        polish: 'EX',
        symmetry: 'VG',
        fluorescence: 'FNT',
        fluorescenceColor: 'BLUE',
        lengthMm: 6.45,
        widthMm: 6.42,
        depthMm: 3.98,
        depthPercent: 61.9,
        tablePercent: 57,
        girdle: 'MEDIUM',
        imageUrl: 'https://media.example/images/5f0c/500/500.jpg',
        videoUrl: 'https://media.example/videos/5f0c/500/500',
        availability: 'AVAILABLE',
        isLabGrown: false,
        isGemstone: false,
        gemType: null,
        vendor: 'Antwerp Brilliant Co',
        supplierPrice: '4120.00',
        supplierCurrency: 'USD',
      },
    });
  });

  it('marks a lab grown diamond by the read, or by its certificate when the certificate says', () => {
    const { labgrown: _, ...certificate } = naturalItem.diamond!.certificate!;
    const unsaid = { ...naturalItem, diamond: { ...naturalItem.diamond, certificate } };
    expect(mapNivodaItem(unsaid, 'lab').stone?.isLabGrown).toBe(true);
    expect(mapNivodaItem(unsaid, 'natural').stone?.isLabGrown).toBe(false);
    const said = { ...naturalItem, diamond: { ...naturalItem.diamond, certificate: { ...certificate, labgrown: true } } };
    expect(mapNivodaItem(said, 'diamond').stone?.isLabGrown).toBe(true);
    expect(mapNivodaItem(said, 'natural').stone?.isLabGrown).toBe(true);
  });

  it('maps a gemstone from the item’s gemstone, with its kind', () => {
    const gem: NivodaItem = {
      id: 'GEMSTONE/0d5e',
      price: 98500,
      gemstone: {
        id: 'g-1',
        availability: 'on hold',
        certificate: { lab: 'grs', shape: 'Oval', certNumber: 'GRS2024-1', carats: '2.345', color: 'Blue', clarity: 'VS', gemType: 'Sapphire', length: 9.1, width: 7.2, depth: 4.4 },
      },
    };
    expect(mapNivodaItem(gem, 'gemstone').stone).toMatchObject({
      sourceId: 'GEMSTONE/0d5e',
      stockId: 'g-1',
      lab: 'GRS',
      shape: 'OVAL',
      carat: 2.345,
      color: 'Blue',
      availability: 'ON HOLD',
      isGemstone: true,
      isLabGrown: false,
      gemType: 'Sapphire',
      cut: null,
      fluorescence: null,
      vendor: null,
      imageUrl: null,
      supplierPrice: '985.00',
    });
  });

  it('turns missing, empty and zero values into nulls, and strings of numbers into numbers', () => {
    const sparse: NivodaItem = {
      id: 'DIAMOND/sparse',
      price: '150050',
      diamond: {
        id: 'd-2',
        image: '  ',
        video: null,
        supplier: null,
        certificate: { shape: ' pear ', carats: '0.7', color: '', cut: null, floInt: null, floCol: 'BLUE', length: 0, width: '5.1', depth: '', depthPercentage: undefined, table: 'n/a' },
      },
    };
    expect(mapNivodaItem(sparse, 'natural').stone).toMatchObject({
      stockId: 'd-2',
      certificateNumber: null,
      lab: null,
      shape: 'PEAR',
      carat: 0.7,
      color: null,
      cut: null,
      fluorescence: null,
      fluorescenceColor: null,
      lengthMm: null,
      widthMm: 5.1,
      depthMm: null,
      depthPercent: null,
      tablePercent: null,
      imageUrl: null,
      videoUrl: null,
      availability: 'UNKNOWN',
      vendor: null,
      supplierPrice: '1500.50',
    });
  });

  it('rounds the weight to 3 decimals', () => {
    const item = { ...naturalItem, diamond: { ...naturalItem.diamond, certificate: { ...naturalItem.diamond!.certificate, carats: 1.0004999 } } };
    expect(mapNivodaItem(item, 'natural').stone?.carat).toBe(1);
  });

  it('leaves out an offer with no id, price or weight, and says why', () => {
    expect(mapNivodaItem({ ...naturalItem, id: null }, 'natural')).toEqual({ skipped: 'an offer without an id' });
    expect(mapNivodaItem({ ...naturalItem, price: null }, 'natural').skipped).toMatch(/no price/);
    expect(mapNivodaItem({ ...naturalItem, price: 0 }, 'natural').skipped).toMatch(/no price/);
    expect(mapNivodaItem({ ...naturalItem, price: -100 }, 'natural').skipped).toMatch(/no price/);
    expect(mapNivodaItem({ ...naturalItem, price: 10.5 }, 'natural').skipped).toMatch(/no price/);
    const weightless = { ...naturalItem, diamond: { ...naturalItem.diamond, certificate: { ...naturalItem.diamond!.certificate, carats: null } } };
    expect(mapNivodaItem(weightless, 'natural').skipped).toMatch(/no carat weight/);
    expect(mapNivodaItem({ ...naturalItem, diamond: null }, 'natural').skipped).toMatch(/no diamond/);
    expect(mapNivodaItem(naturalItem, 'gemstone').skipped).toMatch(/no gemstone/);
  });

  it('converts cents to decimals exactly, however large', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(7)).toBe('0.07');
    expect(centsToDecimal(99)).toBe('0.99');
    expect(centsToDecimal(100)).toBe('1.00');
    expect(centsToDecimal(123456789)).toBe('1234567.89');
    expect(centsToDecimal(9007199254740991)).toBe('90071992547409.91');
    expect(centsToDecimal('000412000')).toBe('4120.00');
    expect(centsToDecimal('12.5')).toBeNull();
    expect(centsToDecimal(Number.NaN)).toBeNull();
  });
});
