import crypto from 'node:crypto';

/** The SHA-256 of some bytes, in hex (an image's identity: its link version and its ETag). */
export const sha256Hex = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');
