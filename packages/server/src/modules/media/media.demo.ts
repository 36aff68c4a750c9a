import { randomBytes } from 'node:crypto';
import type { MediaPurpose } from '@facet/contract/modules/media/media.schema';
import type { Db } from '../../db/client.ts';
import type { SeedFileStore } from '../../db/seed.ts';
import { media } from './media.table.ts';

/**
 * Stores a demo picture drawn as SVG (a banner, a widget tile) as an upload for `purpose` would be:
 * rendered to JPEG, the file in the store, its row in `media`. Answers its url. For seeders of
 * modules whose records point at uploads.
 */
export async function storeDemoPicture(tx: Db, storage: SeedFileStore, adminId: number, picture: { purpose: MediaPurpose; svg: string; name: string }): Promise<string> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(Buffer.from(picture.svg)).jpeg({ quality: 82 }).toBuffer({ resolveWithObject: true });
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  await storage.put(name, data, 'image/jpeg');
  const [row] = await tx
    .insert(media)
    .values({
      name,
      url: storage.urlOf(name),
      purpose: picture.purpose,
      contentType: 'image/jpeg',
      byteSize: data.length,
      width: info.width,
      height: info.height,
      originalName: `${picture.name}.jpg`,
      createdBy: adminId,
      updatedBy: adminId,
    })
    .returning({ url: media.url });
  return row!.url;
}
