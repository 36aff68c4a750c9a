import { PictureOutlined } from '@ant-design/icons';
import { Flex, Image } from 'antd';

const DEFAULT_SIZE = 48;

/** An image as a small thumbnail (click to enlarge), or a placeholder when there is none (products, stones). */
export function Thumbnail({ src, alt, size = DEFAULT_SIZE }: { src: string | null | undefined; alt: string; size?: number }) {
  if (!src) {
    return (
      <Flex
        align="center"
        justify="center"
        aria-label="No image"
        style={{ width: size, height: size, borderRadius: 6, background: 'rgba(0, 0, 0, 0.04)', color: 'rgba(0, 0, 0, 0.25)', fontSize: Math.round(size * 0.42) }}
      >
        <PictureOutlined />
      </Flex>
    );
  }
  return <Image src={src} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 6 }} />;
}
