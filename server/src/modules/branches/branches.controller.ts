import type { Request, Response } from 'express';
import { MESSAGES, scheduleOf } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { uploadedImage } from '../../lib/upload';
import { sendCached } from '../../lib/read-cache';
import { validated } from '../../lib/validate';
import * as branches from './branches.service';

function fields(req: Request): branches.BranchFields {
  const input = validated<branches.BranchFields>(req);
  return {
    name: input.name.trim(),
    location: input.location.trim(),
    ...scheduleOf(input),
  };
}

const id = (req: Request) => String(req.params.id);

export function branchesController(ctx: AppContext) {
  return {
    async list(_req: Request, res: Response) {
      await sendCached(res, 'branches', async () => ({
        branchOffice: await branches.listBranches(),
      }));
    },
    async get(req: Request, res: Response) {
      const branchId = id(req);
      await sendCached(res, `branch:${branchId}`, async () => ({
        branchoffice: await branches.getBranch(branchId),
      }));
    },
    async create(req: Request, res: Response) {
      const file = uploadedImage(req);
      if (!file) throw new Error('validated create without an image');
      const branch = await branches.createBranch(ctx.storage, fields(req), file);
      res.status(201).json({ message: MESSAGES.branches.created, branchoffice: branch });
    },
    async update(req: Request, res: Response) {
      const branch = await branches.updateBranch(ctx.storage, id(req), fields(req), uploadedImage(req));
      res.json({ message: MESSAGES.branches.updated, branchoffice: branch });
    },
    async remove(req: Request, res: Response) {
      await branches.deleteBranch(ctx.storage, id(req));
      res.json({ message: MESSAGES.branches.deleted });
    },
  };
}
