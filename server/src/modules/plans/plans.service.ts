import { trusted, type Types } from 'mongoose';
import { DEMO_PLANS, ERROR_CODES, MESSAGES, type PlanDto } from '@pulso/shared';
import { ignoreDuplicateKeys, onDuplicateKey } from '../../lib/db';
import { HttpError } from '../../lib/http-error';
import { toObjectId } from '../../lib/object-id';
import { toPlanDto } from './plans.mapper';
import { PlanModel, type PlanDoc } from './plans.model';

export interface PlanFields {
  name: string;
  benefits: string;
  duration: number;
  price: number;
  renewing: boolean;
}

const planId = toObjectId;

function planNotFound(): HttpError {
  return new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.api.planNotFound);
}

function nameTaken(): HttpError {
  return new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.planForm.nameTaken);
}

const saving = <T>(run: () => Promise<T>) => onDuplicateKey(run, nameTaken);

/** Plans on sale, cheapest first, as the landing page shows them. */
export async function listPlans(): Promise<PlanDto[]> {
  const docs = await PlanModel.find({ deletedAt: null }).sort({ price: 1, name: 1 }).lean<PlanDoc[]>();
  return docs.map((d) => toPlanDto(d));
}

/** Every plan, retired ones included, for the admin screens. */
export async function listAllPlans(): Promise<PlanDto[]> {
  const docs = await PlanModel.find().sort({ price: 1, name: 1 }).lean<PlanDoc[]>();
  return docs.map((d) => toPlanDto(d, true));
}

export async function getPlan(id: string): Promise<PlanDto> {
  const doc = await PlanModel.findOne({ _id: planId(id), deletedAt: null }).lean<PlanDoc>();
  if (!doc) throw planNotFound();
  return toPlanDto(doc);
}

/** What a sale copies from its plan. */
export type PlanForSale = Pick<PlanDoc, '_id' | 'name' | 'duration' | 'price' | 'renewing'>;

/** The plan on sale with this id or name, for checkout; null when there is none. */
export async function findPlanForSale(ref: { id?: string; name?: string }): Promise<PlanForSale | null> {
  if (ref.id) return PlanModel.findOne({ _id: planId(ref.id), deletedAt: null }).lean<PlanDoc>();
  if (ref.name) return PlanModel.findOne({ name: ref.name, deletedAt: null }).lean<PlanDoc>();
  return null;
}

export async function createPlan(fields: PlanFields): Promise<PlanDto> {
  const doc = await saving(() => PlanModel.create(fields));
  return toPlanDto(doc.toObject<PlanDoc>());
}

export async function updatePlan(id: string, fields: PlanFields): Promise<PlanDto> {
  const doc = await saving(() =>
    PlanModel.findOneAndUpdate({ _id: planId(id), deletedAt: null }, { $set: fields }, { new: true }).lean<PlanDoc>(),
  );
  if (!doc) throw planNotFound();
  return toPlanDto(doc);
}

/** Retires a plan: it leaves the public list; members keep the memberships they bought. */
export async function deletePlan(id: string): Promise<void> {
  const result = await PlanModel.updateOne({ _id: planId(id), deletedAt: null }, { $set: { deletedAt: new Date() } });
  if (result.matchedCount === 0) throw planNotFound();
}

export async function restorePlan(id: string): Promise<void> {
  const result = await PlanModel.updateOne(
    { _id: planId(id), deletedAt: trusted({ $ne: null }) },
    { $set: { deletedAt: null } },
  );
  if (result.matchedCount === 0) throw planNotFound();
}

/** A plan whether on sale or retired (a pending checkout may outlive its plan's sale). */
export async function findPlanAnyState(id: Types.ObjectId): Promise<PlanDoc | null> {
  return PlanModel.findById(id).lean<PlanDoc>();
}

/** Plans by name, on sale or retired (one query). */
export async function findPlansByName(names: readonly string[]): Promise<Map<string, PlanForSale>> {
  const docs = await PlanModel.find(
    { name: trusted({ $in: names }) },
    { name: 1, duration: 1, price: 1, renewing: 1 },
  ).lean<PlanForSale[]>();
  return new Map(docs.map((d) => [d.name, d]));
}

/** The demo plans, into an empty plans collection; how many were written (none when it holds any). */
export async function seedDemoPlans(): Promise<number> {
  if ((await PlanModel.estimatedDocumentCount()) > 0) return 0;
  await PlanModel.insertMany(DEMO_PLANS, { ordered: false }).catch(ignoreDuplicateKeys);
  return DEMO_PLANS.length;
}
