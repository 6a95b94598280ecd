/** The coupons module's public face: its routes, and taking or giving back a use of a coupon (an order's coupon). */
export { couponRoutes } from './routes.js';
export { couponRefusal, releaseCoupon, takeCoupon } from './service.js';
export { couponApiDocs } from './openapi.js';
