import { MESSAGES, schemas, toText } from '@pulso/shared';
import { latestMessages } from '../mappers';
import type { Route } from '../route';

/** The contact module (server/src/modules/contact): messages are stored (the mock sends no e-mail). */
export const contactHandlers = (route: Route) => [
  route(
    'POST /contact',
    { access: 'anyone', body: schemas.contactForm, ok: [201, schemas.contactSent] },
    ({ input, data, db }) => {
      const id = db.id();
      data.contacts.push({
        id,
        name: toText(input.user_name),
        subject: toText(input.subject),
        email: (input.user_email ?? '').normalize('NFKC').trim(),
        company: toText(input.company),
        message: toText(input.message),
        createdAt: new Date().toISOString(),
      });
      return { message: MESSAGES.contactForm.sent, id };
    },
  ),
  route('GET /contact', { access: 'admin', ok: [200, schemas.contactMessage.array()] }, ({ data }) =>
    latestMessages(data, 200),
  ),
];
