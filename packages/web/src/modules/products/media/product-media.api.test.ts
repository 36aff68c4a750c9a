import { MESSAGES } from '@facet/contract/messages';
import { describe, expect, it } from 'vitest';
import { isLibrarySku, kindOfFile, precheckProductMedia } from './product-media.api.ts';

describe('product media uploads in the browser', () => {
  it('sends .mp4 and .webm (or a video/* type) as videos, everything else as images', () => {
    expect(kindOfFile({ name: 'turn.MP4', type: '' })).toBe('video');
    expect(kindOfFile({ name: 'turn.webm', type: 'video/webm' })).toBe('video');
    expect(kindOfFile({ name: 'clip', type: 'video/mp4' })).toBe('video');
    expect(kindOfFile({ name: 'front.jpeg', type: 'image/jpeg' })).toBe('image');
  });

  it('refuses before sending what the server would refuse, with the spec messages', () => {
    expect(precheckProductMedia({ name: 'front.jpg', size: 2_097_152, type: 'image/jpeg' })).toBeNull();
    expect(precheckProductMedia({ name: 'front.png', size: 2_097_153, type: 'image/png' })).toBe(MESSAGES.maxFileSize2mb);
    expect(precheckProductMedia({ name: 'front.webp', size: 10, type: 'image/webp' })).toBe(MESSAGES.fileFormatNotSupported);
    expect(precheckProductMedia({ name: 'front.gif', size: 10, type: 'image/gif' })).toBe(MESSAGES.fileFormatNotSupported);
    expect(precheckProductMedia({ name: 'turn.mp4', size: 52_428_800, type: 'video/mp4' })).toBeNull();
    expect(precheckProductMedia({ name: 'turn.webm', size: 52_428_801, type: 'video/webm' })).toBe('Maximum file size should be 50MB.');
  });

  it('uploads only for a valid model number', () => {
    expect(isLibrarySku('RING-1')).toBe(true);
    expect(isLibrarySku('')).toBe(false);
    expect(isLibrarySku('RING 1')).toBe(false);
  });
});
