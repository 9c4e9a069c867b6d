import { trusted, type Types } from 'mongoose';
import type { LessonSummaryDto } from '@pulso/shared';
import { LessonModel, type LessonDoc } from './lessons.model';

const SUMMARY_FIELDS = { name: 1, scheduleDays: 1, scheduleHourStart: 1, scheduleHourFinish: 1 } as const;
type SummaryDoc = Pick<LessonDoc, '_id' | 'name' | 'scheduleDays' | 'scheduleHourStart' | 'scheduleHourFinish'>;

function toSummary(doc: SummaryDoc): LessonSummaryDto {
  return {
    id: doc._id.toString(),
    name: doc.name,
    scheduleDays: doc.scheduleDays,
    scheduleHourStart: doc.scheduleHourStart,
    scheduleHourFinish: doc.scheduleHourFinish,
  };
}

/** Summaries of the given lessons (one query), in the order of `ids`. */
export async function lessonSummaries(ids: readonly Types.ObjectId[]): Promise<LessonSummaryDto[]> {
  if (ids.length === 0) return [];
  const docs = await LessonModel.find({ _id: trusted({ $in: ids }) }, SUMMARY_FIELDS).lean<SummaryDoc[]>();
  const byId = new Map(docs.map((d) => [d._id.toString(), toSummary(d)]));
  return ids.flatMap((id) => byId.get(id.toString()) ?? []);
}

/** Lessons taught by each of the given trainers (one query), keyed by trainer id. */
export async function lessonsByMonitor(
  monitorIds: readonly Types.ObjectId[],
): Promise<Map<string, LessonSummaryDto[]>> {
  const result = new Map<string, LessonSummaryDto[]>();
  if (monitorIds.length === 0) return result;
  const docs = await LessonModel.find(
    { monitor: trusted({ $in: monitorIds }), deletedAt: null },
    { ...SUMMARY_FIELDS, monitor: 1 },
  )
    .sort({ name: 1 })
    .lean<(SummaryDoc & { monitor: Types.ObjectId })[]>();
  for (const doc of docs) {
    const key = doc.monitor.toString();
    result.set(key, [...(result.get(key) ?? []), toSummary(doc)]);
  }
  return result;
}

/** Classes (not retired) held at a sede. */
export async function countLessonsAtOffice(officeId: Types.ObjectId): Promise<number> {
  return LessonModel.countDocuments({ office: officeId, deletedAt: null });
}
