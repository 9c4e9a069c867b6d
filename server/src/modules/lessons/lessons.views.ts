import type { Request, Response } from 'express';
import type { Types } from 'mongoose';
import { lessonName, scheduleOf, type LessonDto, type LessonListItemDto, type LessonSummaryDto } from '@pulso/shared';
import {
  deleteModel,
  loadModelValue,
  patchModel,
  readModelsReady,
  registerReadModels,
  sendModel,
  storeModel,
  type ReadModelFamily,
} from '../../lib/read-models';
import { coalescedWrites } from '../../lib/coalesced-writes';
import { allUserNames } from '../users/users.service';
import { toLessonDto, toLessonList } from './lessons.mapper';
import { LessonModel, type LessonDoc } from './lessons.model';
import { findLessonById, findLessonByName, findLessons, lessonId, lessonNotFound } from './lessons.service';

/**
 * The classes' read models (lib/read-models.ts): the list of available classes (`GET /api/lessons`),
 * the list of every current class (`/api/lessons/all`), each class's page with its reviews
 * (`lesson:<id>`), stored under its name too (`lesson-name:<name>`).
 *
 * Every change to a class, its rating, its trainer's or its sede's name calls refreshLesson(): the
 * class's page is rebuilt from point reads (the class, its reviews document, its trainer, its sede)
 * and its entry in the two lists is replaced, each under its read model's lock. Nothing on these
 * paths reads a collection whole.
 */

export const LESSON_LISTS = { all: 'lessons:all', available: 'lessons:available' } as const;
const detailKey = (id: string) => `lesson:${id}`;
const nameKey = (name: string) => `lesson-name:${name}`;

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The list entry of a class's page (the page is the entry plus its description and reviews). */
function listItemOf(detail: LessonDto): LessonListItemDto {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { description, reviewCount, reviews, deletedAt, ...item } = detail;
  return item;
}

/** Puts `item` in its place in a list sorted by name (or takes the class out: item null). */
function replaceIn(list: LessonListItemDto[], id: string, item: LessonListItemDto | null): LessonListItemDto[] {
  const rest = list.filter((l) => l.id !== id);
  if (item) rest.push(item);
  return rest.sort(byName);
}

/**
 * Brings a class's read models in line with the stored class: its page, its name, and its entry in
 * both lists. A retired or deleted class leaves them. Returns the page (null when the class is not
 * current).
 */
export async function refreshLesson(id: Types.ObjectId): Promise<LessonDto | null> {
  const key = id.toString();
  const doc = await LessonModel.findById(id).lean<LessonDoc>();
  const current = doc && !doc.deletedAt ? doc : null;
  const { detail, entryChanged } = await storePage(key, () => (current ? toLessonDto(current) : Promise.resolve(null)));
  // Most reviews move a class's average by less than the tenth it is shown with: its list entry
  // stays as it was, and the lists are not rewritten. Whoever last changed the entry has its
  // update queued, and that update takes the entry from the page stored when it runs.
  if (entryChanged) await updateLists(key);
  return detail;
}

/** A page's entry in the lists, as compared before and after a change. */
const entryOf = (page: LessonDto | null) => (page ? JSON.stringify(listItemOf(page)) : null);

/**
 * Stores a class's page under its id and its name (null: the class is not current, both go), and
 * drops the page under a name it no longer has. Returns the page, and whether its list entry
 * changed (or was unknown: no page was stored).
 */
async function storePage(
  key: string,
  build: () => Promise<LessonDto | null>,
): Promise<{ detail: LessonDto | null; entryChanged: boolean }> {
  let detail: LessonDto | null = null;
  let entryChanged = true;
  await patchModel<LessonDto>(detailKey(key), async (stored) => {
    detail = await build();
    entryChanged = !stored || entryOf(stored) !== entryOf(detail);
    if (stored && stored.name !== detail?.name) await deleteModel(nameKey(stored.name));
    if (detail) await storeModel(nameKey(detail.name), detail);
    return detail;
  });
  return { detail, entryChanged };
}

/**
 * Brings the class's entry in both stored lists in line with its stored page, and resolves once
 * that is written. Changes arriving while a write runs are written together by the next one
 * (lib/coalesced-writes.ts: one read, change and write of each list for a batch of classes instead
 * of one per class, so under many reviews at once the lists' locks no longer queue every review of
 * the chain). Each entry is taken from the class's stored page inside the list's lock, so whatever
 * order writers on any server finish in, a list ends with the newest pages.
 */
const writeListEntries = coalescedWrites<true>(async (classes) => {
  for (const key of [LESSON_LISTS.all, LESSON_LISTS.available]) {
    await patchModel<LessonListItemDto[]>(key, async (list) => {
      if (!list) return undefined;
      let next = list;
      for (const id of classes.keys()) {
        const page = await loadModelValue<LessonDto>(detailKey(id));
        const item = page ? listItemOf(page) : null;
        next = replaceIn(next, id, key === LESSON_LISTS.available && !item?.isAvailable ? null : item);
      }
      return next;
    });
  }
});

const updateLists = (id: string) => writeListEntries(id, true);

/** The classes of the stored list of every current class that `keep` selects (a trainer's, a sede's). */
export async function currentLessonsWhere(keep: (item: LessonListItemDto) => boolean): Promise<LessonListItemDto[]> {
  const list =
    (await loadModelValue<LessonListItemDto[]>(LESSON_LISTS.all)) ?? (await toLessonList(await findLessons('all')));
  return list.filter(keep);
}

/** The stored list of available classes (built when missing). */
export async function availableLessons(): Promise<LessonListItemDto[]> {
  return (await loadModelValue<LessonListItemDto[]>(LESSON_LISTS.available)) ?? (await listOf('available'));
}

/** Refreshes the classes a trainer teaches (after a change of the trainer's name). */
export async function refreshTrainerLessons(trainerId: Types.ObjectId): Promise<void> {
  const taught = await currentLessonsWhere((l) => l.monitorId === trainerId.toString());
  for (const lesson of taught) await refreshLesson(lessonId(lesson.id));
}

/** Refreshes the classes held at a sede (after a change of the sede's name). */
export async function refreshBranchLessons(branchId: Types.ObjectId): Promise<void> {
  const held = await currentLessonsWhere((l) => l.officeId === branchId.toString());
  for (const lesson of held) await refreshLesson(lessonId(lesson.id));
}

/** The classes a trainer teaches, as the profile lists them (from the stored list). */
export async function taughtBy(trainerId: Types.ObjectId): Promise<LessonSummaryDto[]> {
  const taught = await currentLessonsWhere((l) => l.monitorId === trainerId.toString());
  return taught.map((l) => ({ id: l.id, name: l.name, ...scheduleOf(l) }));
}

// ---------------------------------------------------------------------------------------------
// Reads

const listOf = async (scope: 'available' | 'all') => toLessonList(await findLessons(scope));

export function sendLessonList(scope: 'available' | 'all') {
  return async (_req: Request, res: Response) => {
    await sendModel(res, LESSON_LISTS[scope], () => listOf(scope));
  };
}

/** GET /api/lessons/detail/:id */
export async function sendLessonById(req: Request, res: Response): Promise<void> {
  const id = lessonId(String(req.params.id)).toString();
  await sendModel(res, detailKey(id), async () => toLessonDto(await findLessonById(id)));
}

/**
 * GET /api/lessons/:name (Express decodes the segment: /api/lessons/Yoga%20Prenatal is 'Yoga
 * Prenatal'). The page is stored under the class's name too, so the busiest read is one point read.
 */
export async function sendLessonByName(req: Request, res: Response): Promise<void> {
  const name = lessonName(String(req.params.name));
  await sendModel(res, nameKey(name), async () => {
    // Once the read models are built, a name without a stored page names no current class.
    if (await readModelsReady()) throw lessonNotFound();
    return toLessonDto(await findLessonByName(name));
  });
}

// ---------------------------------------------------------------------------------------------
// Rebuilding them all (start-up, migrations, restore)

const family: ReadModelFamily = {
  name: 'lessons',
  async rebuildAll() {
    const docs = await findLessons('all');
    // Reviews written before they carried their author's name are named from one read of the accounts.
    const names = await allUserNames();
    let count = 0;
    for (const doc of docs) {
      await refreshLessonFrom(doc, names);
      count++;
    }
    await patchModel(LESSON_LISTS.all, async () => listOf('all'));
    await patchModel(LESSON_LISTS.available, async () => listOf('available'));
    return count + 2;
  },
};

/** A class's page and name pointer from a class already read (the full rebuild reads them all at once). */
async function refreshLessonFrom(doc: LessonDoc, reviewerNames: ReadonlyMap<string, string>): Promise<void> {
  await storePage(doc._id.toString(), () => toLessonDto(doc, reviewerNames));
}

registerReadModels(family);
