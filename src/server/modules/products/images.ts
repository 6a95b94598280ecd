import crypto from 'node:crypto';
import { systemClock } from '../../lib/clock.js';

/**
 * Image links. An <img src> cannot send the bearer token, so the product JSON (only ever given to
 * a signed-in member of the company) carries a link signed with the app key:
 * `/api/v1/product/{id}/image?v=<version>&exp=<unix seconds>&sig=<HMAC-SHA256>`.
 * The version is the start of the image's SHA-256, so a replaced image gets a new link and an old
 * link stops working. Links are valid for one to two hours: the expiry is rounded up to the hour,
 * so the same image keeps the same link for an hour and browsers can cache it.
 */
export const LINK_PERIOD_SECONDS = 3600;
const VERSION_LENGTH = 16;
/**
 * Links signed in the current period are kept, so a page of products (a link for each image and
 * variation, on every request) signs an image once an hour instead of on every answer: an HMAC was
 * about a tenth of a product page's CPU. Bounded: past the bound the oldest goes first.
 */
export const KEPT_LINKS = 10_000;

/** Request paths pass `now` (ctx.now, the app's clock); it defaults to the system clock for scripts. */
export interface ImageSigner {
  url(productId: number, sha256: string, now?: number): string;
  verify(productId: number, version: string, exp: number, sig: string, now?: number): boolean;
}

export function imageSigner(appKey: string): ImageSigner {
  // A key of its own, derived from the app key, so these signatures cannot stand for anything else.
  const key = crypto.createHash('sha256').update(`product-image-links\0${appKey}`).digest();
  const sign = (productId: number, version: string, exp: number) =>
    crypto.createHmac('sha256', key).update(`${productId}\n${version}\n${exp}`).digest('base64url');
  // The links of one expiry; a new period starts an empty set (the old links still verify).
  let keptExp = 0;
  const kept = new Map<string, string>();
  return {
    url(productId, sha256, now = systemClock.now()) {
      const version = sha256.slice(0, VERSION_LENGTH);
      const exp = (Math.floor(now / LINK_PERIOD_SECONDS) + 2) * LINK_PERIOD_SECONDS;
      if (exp !== keptExp) {
        kept.clear();
        keptExp = exp;
      }
      const id = `${productId}:${version}`;
      let link = kept.get(id);
      if (link === undefined) {
        link = `/api/v1/product/${productId}/image?v=${version}&exp=${exp}&sig=${sign(productId, version, exp)}`;
        if (kept.size >= KEPT_LINKS) kept.delete(kept.keys().next().value!);
        kept.set(id, link);
      }
      return link;
    },
    verify(productId, version, exp, sig, now = systemClock.now()) {
      if (!Number.isInteger(exp) || exp < now) return false;
      const expected = Buffer.from(sign(productId, version, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}

export const versionMatches = (sha256: string, version: string): boolean =>
  version.length === VERSION_LENGTH && sha256.startsWith(version);
