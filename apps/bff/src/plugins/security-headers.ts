import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** Portal origins allowed to frame the app (ebiz). */
  portalOrigins: string[];
  /** Extra origins for images (WeChat head images), scripts and connections (analytics collector). */
  imageOrigins: string[];
  connectOrigins: string[];
}

/**
 * Security headers for every answer: a Content-Security-Policy the app works
 * under (everything is bundled and same-origin; WeChat images and an
 * analytics collector are configurable), framing limited to the configured
 * portal origins, nosniff and a strict referrer policy.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // antd-mobile and Chart.js set style attributes at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...opts.imageOrigins],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...opts.connectOrigins],
          // The iOS native bridge signals itself through a wvjbscheme: iframe.
          frameSrc: ["'self'", 'wvjbscheme:'],
          frameAncestors: ["'self'", ...opts.portalOrigins],
          formAction: ["'self'", ...opts.portalOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
        },
      },
      // frame-ancestors governs framing; X-Frame-Options would block the portal.
      frameguard: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
    });
  },
  { name: 'security-headers' },
);
