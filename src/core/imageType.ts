/**
 * The type of an image recognised from its first bytes (magic numbers), never from a file name
 * or a client's declared type. Only the formats the product form accepts are recognised.
 */
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

export function detectImageType(bytes: Uint8Array): ImageMime | null {
  // PNG: \x89 P N G \r \n \x1a \n, then the IHDR chunk.
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)
  )
    return 'image/png';
  // JPEG: SOI marker FF D8 followed by another marker FF xx.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // WebP: "RIFF" <size> "WEBP" then a VP8 / VP8L / VP8X chunk.
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8) &&
    startsWith(bytes, [0x56, 0x50, 0x38], 12)
  )
    return 'image/webp';
  return null;
}
