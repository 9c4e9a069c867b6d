import type { Request, Response } from 'express';
import { MESSAGES, scheduleOf } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { uploadedImage } from '../../lib/upload';
import { rebuildModel, sendModel, wholeModel } from '../../lib/read-models';
import { refreshBranchLessons } from '../lessons/lessons.views';
import { validated } from '../../lib/validate';
import * as branches from './branches.service';
import { announceHoursChange } from '../announcements/announcements.service';

function fields(req: Request): branches.BranchFields {
  const input = validated<branches.BranchFields>(req);
  return {
    name: input.name.trim(),
    location: input.location.trim(),
    ...scheduleOf(input),
  };
}

const id = (req: Request) => String(req.params.id);

/** The sede list (GET /api/branchoffice), stored whole: 30 sedes are one point read. */
export const branchList = wholeModel('branches', async () => ({ branchOffice: await branches.listBranches() }));

/** A sede's page and the list, after a change to the sede. */
async function refreshBranch(branchId: string): Promise<void> {
  await rebuildModel(`branch:${branchId}`, async () => {
    const found = await branches.getBranch(branchId).catch(() => null);
    return found ? { branchoffice: found } : null;
  });
  await branchList.refresh();
}

export function branchesController(ctx: AppContext) {
  return {
    async list(_req: Request, res: Response) {
      await branchList.send(res);
    },
    async get(req: Request, res: Response) {
      const branchId = branches.branchId(id(req)).toString();
      await sendModel(res, `branch:${branchId}`, async () => ({ branchoffice: await branches.getBranch(branchId) }));
    },
    async create(req: Request, res: Response) {
      const file = uploadedImage(req);
      if (!file) throw new Error('validated create without an image');
      const branch = await branches.createBranch(ctx.storage, fields(req), file);
      await refreshBranch(branch.id);
      res.status(201).json({ message: MESSAGES.branches.created, branchoffice: branch });
    },
    async update(req: Request, res: Response) {
      const before = await branches.findBranchSchedule(branches.branchId(id(req)));
      const branch = await branches.updateBranch(ctx.storage, id(req), fields(req), uploadedImage(req));
      await refreshBranch(branch.id);
      // Its classes show its name.
      await refreshBranchLessons(branches.branchId(branch.id));
      // New hours: its members are told (an announcement, sent by the job runner), before the answer.
      const hours = (s: { scheduleDays: readonly string[]; scheduleHourStart: string; scheduleHourFinish: string }) =>
        `${s.scheduleDays.join(',')}|${s.scheduleHourStart}|${s.scheduleHourFinish}`;
      if (before && req.user && hours(before) !== hours(branch)) {
        await announceHoursChange(
          {
            id: branch.id,
            name: branch.name,
            days: branch.scheduleDays.join(', '),
            from: branch.scheduleHourStart,
            to: branch.scheduleHourFinish,
            timeZone: ctx.config.bookings.timeZone,
          },
          { id: req.user.id, name: req.user.fullName },
        ).catch((err: unknown) =>
          req.log.error({ err, branch: branch.id }, "the sede's members were not told of its new hours"),
        );
      }
      res.json({ message: MESSAGES.branches.updated, branchoffice: branch });
    },
    async remove(req: Request, res: Response) {
      await branches.deleteBranch(ctx.storage, id(req));
      await refreshBranch(branches.branchId(id(req)).toString());
      res.json({ message: MESSAGES.branches.deleted });
    },
  };
}
