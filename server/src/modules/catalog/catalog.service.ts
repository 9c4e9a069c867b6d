import { DEMO_GOALS, DEMO_TYPES } from '@pulso/shared';
import { ignoreDuplicateKeys } from '../../lib/db';
import { LessonTypeModel, GoalModel } from './catalog.model';

export interface NamedDto {
  id: string;
  name: string;
}

async function names(model: typeof LessonTypeModel): Promise<NamedDto[]> {
  const docs = await model.find({}, { name: 1 }).sort({ name: 1 }).lean();
  return docs.map((d) => ({ id: d._id.toString(), name: d.name }));
}

export const listTypes = () => names(LessonTypeModel);
export const listGoals = () => names(GoalModel);

/** The subset of `wanted` that is not a known name. */
export async function unknownNames(kind: 'types' | 'goals', wanted: readonly string[]): Promise<string[]> {
  const known = new Set((await (kind === 'types' ? listTypes() : listGoals())).map((n) => n.name));
  return wanted.filter((w) => !known.has(w));
}

async function seedNames(model: typeof LessonTypeModel, names: readonly string[]): Promise<number> {
  if ((await model.estimatedDocumentCount()) > 0) return 0;
  await model
    .insertMany(
      names.map((name) => ({ name })),
      { ordered: false },
    )
    .catch(ignoreDuplicateKeys);
  return names.length;
}

/** The demo exercise types and goals, each into its collection when empty; how many were written. */
export async function seedDemoCatalog(): Promise<{ types: number; goals: number }> {
  return { types: await seedNames(LessonTypeModel, DEMO_TYPES), goals: await seedNames(GoalModel, DEMO_GOALS) };
}
