import type { RequestHandler } from 'express';
import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { rateLimiter } from '../../middleware/rate-limit';
import { contactController } from './contact.controller';

interface ContactDeps {
  c: ReturnType<typeof contactController>;
  limit: RequestHandler;
}

// prettier-ignore
export const contactRoutes = routeTable<ContactDeps>('/contact', [
  { route: 'POST /', access: 'anyone', use: (d) => [d.limit], body: schemas.contactForm, ok: [201, schemas.contactSent], errors: [400, 429], handler: (d) => d.c.submit, summary: 'Contact form: stored, then e-mailed to CONTACT_TO (retried while mail is down)' },
  { route: 'GET /',  access: 'admin', ok: [200, schemas.contactMessage.array()], handler: (d) => d.c.list, summary: 'Contact messages, newest first' },
]);

export function contactRouter(ctx: AppContext) {
  return mountRoutes(contactRoutes, { c: contactController(ctx), limit: rateLimiter(ctx.config, 'contact') });
}
