import type { Request, Response } from 'express';
import * as plans from './plans.service';

export async function list(_req: Request, res: Response): Promise<void> {
  res.json(await plans.listPlans());
}
