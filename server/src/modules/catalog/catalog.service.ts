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
