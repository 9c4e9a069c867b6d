import { create } from 'zustand';
import { MESSAGES, schemas, type LessonDto, type LessonListItemDto, type TrainerDto } from '@pulso/shared';
import { dashboardLessonsEs } from '../../i18n/dashboard-lessons';
import type { ApiFailure } from '../../lib/api-client';
import { mutate, withDetails, type Outcome } from '../../lib/mutation';
import { createLoader, emptyList, emptySlot, listOf, slot, type ListState, type Slot } from '../../lib/resource';
import * as lessonsApi from './api/lessons-dashboard';
import type { LessonAttributes, BranchOption } from './api/lessons-dashboard';

/** The trainers and sedes the lesson form offers (the spec's reference lists). */
export interface References {
  trainers: TrainerDto[];
  branches: BranchOption[];
}

interface LessonsDashboardState extends ListState<LessonListItemDto> {
  /** The exercise type chosen in the list's filter; '' shows every class. */
  typeFilter: string;
  /** The class of the edit screen. */
  lesson: Slot<LessonDto | null>;
  references: Slot<References>;
  fetchLessons: () => Promise<void>;
  setTypeFilter: (type: string) => void;
  fetchLesson: (id: string) => Promise<void>;
  /** The reference lists, and the current classes for the trainer rule (issue 18). */
  fetchReferences: () => Promise<void>;
  create: (attributes: LessonAttributes, image: File) => Promise<Outcome<LessonDto>>;
  update: (id: string, attributes: LessonAttributes, image: File | null) => Promise<Outcome<LessonDto>>;
  remove: (id: string) => Promise<Outcome>;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'es');

const LIST_ITEM_FIELDS = Object.keys(schemas.lessonListItem.shape) as (keyof LessonListItemDto)[];

/** The list item of a saved class (the list's fields of it), so the list follows without another request. */
function toListItem(lesson: LessonDto): LessonListItemDto {
  return Object.fromEntries(LIST_ITEM_FIELDS.map((field) => [field, lesson[field]])) as LessonListItemDto;
}

/** A failure as the dialog says it: the action's headline, then the server's reason. */
const failedWith = (headline: string) => (failure: ApiFailure) =>
  dashboardLessonsEs.form.failedWithReason(headline, withDetails(failure));

const LIST = listOf<LessonsDashboardState>();
const LESSON = slot<LessonsDashboardState, 'lesson'>('lesson', null);
const REFERENCES = slot<LessonsDashboardState, 'references'>('references', { trainers: [], branches: [] });

/** The spec's lessonsDashboard store: the admin class list, the class being edited and the form's lists. */
export const useLessonsDashboardStore = create<LessonsDashboardState>()((set, get) => {
  const { load } = createLoader(set, get);
  return {
    ...emptyList<LessonListItemDto>(),
    typeFilter: '',
    lesson: emptySlot(null),
    references: emptySlot({ trainers: [], branches: [] }),
    fetchLessons: () => load(LIST, null, async () => [...(await lessonsApi.getAllLessons())].sort(byName)),
    setTypeFilter: (typeFilter) => set({ typeFilter }),
    fetchLesson: (id) => load(LESSON, id, () => lessonsApi.getLessonById(id)),
    fetchReferences: async () => {
      await Promise.all([
        load(REFERENCES, null, async () => {
          const [trainers, branches] = await Promise.all([lessonsApi.getTrainers(), lessonsApi.getBranches()]);
          return { trainers, branches };
        }),
        get().fetchLessons(),
      ]);
    },
    create: (attributes, image) =>
      mutate(async () => {
        const { message, lesson } = await lessonsApi.createLesson(attributes, image);
        set((s) => ({ items: [...s.items, toListItem(lesson)].sort(byName) }));
        return { message: message || MESSAGES.lessons.created, value: lesson };
      }, failedWith(dashboardLessonsEs.form.createFailed)),
    update: (id, attributes, image) =>
      mutate(async () => {
        const { message, lesson } = await lessonsApi.updateLesson(id, attributes, image);
        set((s) => ({
          items: s.items.map((item) => (item.id === id ? toListItem(lesson) : item)).sort(byName),
          lesson: s.lesson.key === id ? { ...s.lesson, value: lesson } : s.lesson,
        }));
        return { message: message || MESSAGES.lessons.updated, value: lesson };
      }, failedWith(dashboardLessonsEs.form.updateFailed)),
    remove: (id) =>
      mutate(async () => {
        const message = await lessonsApi.deleteLesson(id);
        set((s) => ({ items: s.items.filter((item) => item.id !== id) }));
        return message || MESSAGES.lessons.deleted;
      }, withDetails), // On delete failure the server's answer is shown as it is.
  };
});

/** The classes the list shows under the chosen type. */
export function visibleLessons(items: LessonListItemDto[], typeFilter: string): LessonListItemDto[] {
  return typeFilter === '' ? items : items.filter((lesson) => lesson.types.includes(typeFilter));
}
