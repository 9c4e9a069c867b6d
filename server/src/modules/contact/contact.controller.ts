import type { Request, Response } from 'express';
import { MESSAGES } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { validated } from '../../lib/validate';
import * as contact from './contact.service';

interface ContactBody {
  user_name: string;
  subject: string;
  user_email: string;
  company?: string;
  message?: string;
}

export function contactController(ctx: AppContext) {
  return {
    /** 'Mensaje enviado correctamente' as soon as the message is stored; e-mail follows (and is retried). */
    async submit(req: Request, res: Response) {
      const input = validated<ContactBody>(req);
      const { id } = await contact.submitContact(
        {
          name: input.user_name.trim(),
          subject: input.subject.trim(),
          email: input.user_email.normalize('NFKC').trim(),
          company: input.company?.trim() ?? '',
          message: input.message?.trim() ?? '',
        },
        ctx.mailer,
        ctx.config.contactTo,
        req.log,
        { leaseMs: ctx.config.jobs.leaseMs },
      );
      res.status(201).json({ message: MESSAGES.contactForm.sent, id });
    },

    async list(_req: Request, res: Response) {
      res.json(await contact.listMessages());
    },
  };
}
