import { describe, expect, it } from 'vitest';
import { detectImageType } from './imageType';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

describe('detectImageType', () => {
  it('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(detectImageType(bytes(0x89, ...ascii('PNG\r\n\x1a\n'), 0, 0, 0, 13, ...ascii('IHDR'), 0, 0))).toBe(
      'image/png',
    );
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16))).toBe('image/jpeg');
    expect(detectImageType(bytes(...ascii('RIFF'), 26, 0, 0, 0, ...ascii('WEBPVP8L'), 13, 0))).toBe('image/webp');
  });

  it('refuses text, other formats and truncated headers', () => {
    expect(detectImageType(new TextEncoder().encode('just text renamed to .png'))).toBeNull();
    expect(detectImageType(new TextEncoder().encode('GIF89a....'))).toBeNull();
    expect(detectImageType(bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVEfmt ')))).toBeNull(); // a WAV is RIFF too
    expect(detectImageType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(detectImageType(bytes())).toBeNull();
    expect(detectImageType(bytes(0xff, 0xd8))).toBeNull();
  });
});
