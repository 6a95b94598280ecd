import crypto from 'node:crypto';

/**
 * The SHA-256 of some bytes or a string (as UTF-8), in hex: an image's identity (its link version
 * and its ETag), a session token as stored. One call, no hash object: every signed-in request
 * hashes its token, and createHash().update().digest() cost three times as much.
 */
export const sha256Hex = (data: Buffer | string): string => crypto.hash('sha256', data, 'hex');
