import { describe, expect, it } from 'vitest';
import { isVideoEmbedSrc, vimeoEmbedSrcOf } from './rich-text.ts';

describe('video players the custom HTML editor may embed', () => {
  it.for([
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&start=30',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG&rel=0',
    'https://player.vimeo.com/video/76979871',
    'https://player.vimeo.com/video/76979871?h=8272103f6e',
  ])('%s is a player', (src) => {
    expect(isVideoEmbedSrc(src)).toBe(true);
  });

  it.for([
    'http://www.youtube.com/embed/dQw4w9WgXcQ',
    '//www.youtube.com/embed/dQw4w9WgXcQ',
    'https://youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ/../../redirect',
    'https://www.youtube.com/embed/dQw4w9WgXcQ?origin=https://evil.example',
    'https://www.youtube.com/embed/dQw4w9WgXcQ#x',
    'https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ',
    'https://evil.example/?https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://player.vimeo.com/video/76979871?h=8272103f6e&autoplay=1',
    'https://player.vimeo.com/video/abc',
    'https://vimeo.com/76979871',
    'javascript:alert(1)//https://www.youtube.com/embed/x',
    ' https://www.youtube.com/embed/dQw4w9WgXcQ',
  ])('%s is not', (src) => {
    expect(isVideoEmbedSrc(src)).toBe(false);
  });

  it('turns a Vimeo link into its player address, and nothing else', () => {
    expect(vimeoEmbedSrcOf('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(vimeoEmbedSrcOf(' https://www.vimeo.com/76979871?share=copy ')).toBe('https://player.vimeo.com/video/76979871');
    expect(vimeoEmbedSrcOf('https://vimeo.com/76979871/8272103f6e')).toBe('https://player.vimeo.com/video/76979871?h=8272103f6e');
    expect(vimeoEmbedSrcOf('https://vimeo.com/channels/staffpicks/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(vimeoEmbedSrcOf('https://player.vimeo.com/video/76979871?h=8272103f6e')).toBe('https://player.vimeo.com/video/76979871?h=8272103f6e');
    for (const link of ['https://vimeo.evil.example/76979871', 'https://evil.example/vimeo.com/76979871', 'https://vimeo.com/about', 'javascript:alert(1)', 'vimeo.com/76979871', '']) {
      expect(vimeoEmbedSrcOf(link), link).toBeNull();
    }
  });
});
