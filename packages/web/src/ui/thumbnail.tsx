import { PictureOutlined } from '@ant-design/icons';
import { Flex, Image } from 'antd';
import { useState } from 'react';

const DEFAULT_SIZE = 48;

function Placeholder({ label, size }: { label: string; size: number }) {
  return (
    <Flex
      align="center"
      justify="center"
      role="img"
      aria-label={label}
      title={label}
      style={{ width: size, height: size, borderRadius: 6, background: 'rgba(0, 0, 0, 0.04)', color: 'rgba(0, 0, 0, 0.25)', fontSize: Math.round(size * 0.42) }}
    >
      <PictureOutlined />
    </Flex>
  );
}

/**
 * An image as a small thumbnail (click to enlarge), or a placeholder when there is none (products,
 * stones). An address that does not load (a supplier's dead link, a host the browser cannot reach)
 * also shows the placeholder: the browser's broken image would spill the alt text over the row.
 */
export function Thumbnail({ src, alt, size = DEFAULT_SIZE }: { src: string | null | undefined; alt: string; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src) return <Placeholder label="No image" size={size} />;
  if (failedSrc === src) return <Placeholder label="Image unavailable" size={size} />;
  return <Image src={src} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 6 }} onError={() => setFailedSrc(src)} />;
}
