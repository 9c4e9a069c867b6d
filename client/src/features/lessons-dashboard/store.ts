import { AxiosError } from 'axios';
import { create } from 'zustand';
import {
  fieldErrorsOf,
  type BranchDto,
  isApiErrorBody,
  MESSAGES,
  type FieldErrors,
  type LessonDto,
  type LessonListItemDto,
  type LoadStatus,
  type MonitorDto,
} from '@pulso/shared';
import { errorMessage } from '../../lib/api-client';
import { dashboardClassesEs } from '../../i18n/dashboard-classes';
import {
  createLesson,
  deleteLesson,
  getAllLessons,
  getLessonById,
  getMonitors,
  getOffices,
  updateLesson,
  type LessonAttributes,
} from './api/lessons-dashboard';

/** The outcome of a create, update or delete, for the result dialog. */
export interface ActionResult {
  ok: boolean;
  message: string;
  /** Field messages the server sent with a VALIDATION_FAILED answer, shown under each input. */
  fieldErrors?: FieldErrors;
  /** The id of the class a successful create saved. */
  id?: string;
}

/** A sede the form offers, with the days and hours a class held there must fit. */
export type OfficeOption = Pick<BranchDto, 'id' | 'name' | 'scheduleDays' | 'scheduleHourStart' | 'scheduleHourFinish'>;

interface LessonsDashboardState {
  /** Every current class (available or not), A-Z. */
  items: LessonListItemDto[];
  status: LoadStatus;
  error: string | null;
  /** The exercise type chosen in the list's filter; '' shows every class. */
  typeFilter: string;
  /** The class of the edit screen. */
  lessonId: string | null;
  lesson: LessonDto | null;
  lessonStatus: LoadStatus;
  lessonError: string | null;
  /** The trainers and sedes the form offers (the spec's reference lists); `items` loads with them. */
  monitors: MonitorDto[];
  offices: OfficeOption[];
  refsStatus: LoadStatus;
  refsError: string | null;
  busy: 'create' | 'update' | 'delete' | null;
  fetchLessons: () => Promise<void>;
  setTypeFilter: (type: string) => void;
  fetchLesson: (id: string) => Promise<void>;
  fetchReferences: () => Promise<void>;
  create: (attributes: LessonAttributes, image: File) => Promise<ActionResult>;
  update: (id: string, attributes: LessonAttributes, image: File | null) => Promise<ActionResult>;
  remove: (id: string) => Promise<ActionResult>;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'es');

/** The list item of a saved class, so the list follows without another request. */
function toListItem(lesson: LessonDto): LessonListItemDto {
  const { id, name, shortDescription, image, effort, types, exercisesTypes, goals } = lesson;
  const { scheduleDays, scheduleHourStart, scheduleHourFinish, isAvailable } = lesson;
  const { monitor, monitorId, branchoffice, officeId } = lesson;
  return {
    id,
    name,
    shortDescription,
    image,
    effort,
    types,
    exercisesTypes,
    goals,
    scheduleDays,
    scheduleHourStart,
    scheduleHourFinish,
    isAvailable,
    monitor,
    monitorId,
    branchoffice,
    officeId,
    averageStars: lesson.averageStars,
  };
}

/** A failure as the dialog says it: the headline of §8 when there is one, then the server's reason. */
function failure(error: unknown, headline: string | null): ActionResult {
  const reason = errorMessage(error);
  const body: unknown = error instanceof AxiosError ? error.response?.data : null;
  const fieldErrors = isApiErrorBody(body) ? fieldErrorsOf(body) : {};
  // The server's message is its first field message: each is said once.
  const details = Object.values(fieldErrors).filter((detail) => detail !== reason);
  const text = details.length > 0 ? `${reason}: ${details.join('. ')}` : reason;
  return {
    ok: false,
    message: headline ? dashboardClassesEs.form.failedWithReason(headline, text) : text,
    fieldErrors,
  };
}

/** The spec's lessonsDashboard store: the admin class list, the class being edited and the form's lists. */
export const useLessonsDashboardStore = create<LessonsDashboardState>()((set, get) => ({
  items: [],
  status: 'idle',
  error: null,
  typeFilter: '',
  lessonId: null,
  lesson: null,
  lessonStatus: 'idle',
  lessonError: null,
  monitors: [],
  offices: [],
  refsStatus: 'idle',
  refsError: null,
  busy: null,
  fetchLessons: async () => {
    set({ status: 'loading', error: null });
    try {
      set({ items: [...(await getAllLessons())].sort(byName), status: 'succeeded' });
    } catch (error) {
      set({ status: 'failed', error: errorMessage(error) });
    }
  },
  setTypeFilter: (typeFilter) => set({ typeFilter }),
  fetchLesson: async (id) => {
    set({ lessonId: id, lesson: null, lessonStatus: 'loading', lessonError: null });
    try {
      const lesson = await getLessonById(id);
      // A later visit to another class wins over a slow answer for this one.
      if (get().lessonId === id) set({ lesson, lessonStatus: 'succeeded' });
    } catch (error) {
      if (get().lessonId === id) set({ lessonStatus: 'failed', lessonError: errorMessage(error) });
    }
  },
  fetchReferences: async () => {
    set({ refsStatus: 'loading', refsError: null });
    try {
      // The current classes too: the form checks the trainer is free before sending (issue 18).
      const [monitors, offices, lessons] = await Promise.all([getMonitors(), getOffices(), getAllLessons()]);
      set({ monitors, offices, items: [...lessons].sort(byName), status: 'succeeded', refsStatus: 'succeeded' });
    } catch (error) {
      set({ refsStatus: 'failed', refsError: errorMessage(error) });
    }
  },
  create: async (attributes, image) => {
    set({ busy: 'create' });
    try {
      const { message, lesson } = await createLesson(attributes, image);
      set((s) => ({ items: [...s.items, toListItem(lesson)].sort(byName) }));
      return { ok: true, message: message || MESSAGES.lessons.created, id: lesson.id };
    } catch (error) {
      return failure(error, dashboardClassesEs.form.createFailed);
    } finally {
      set({ busy: null });
    }
  },
  update: async (id, attributes, image) => {
    set({ busy: 'update' });
    try {
      const { message, lesson } = await updateLesson(id, attributes, image);
      set((s) => ({
        items: s.items.map((item) => (item.id === id ? toListItem(lesson) : item)).sort(byName),
        lesson: s.lessonId === id ? lesson : s.lesson,
      }));
      return { ok: true, message: message || MESSAGES.lessons.updated };
    } catch (error) {
      return failure(error, dashboardClassesEs.form.updateFailed);
    } finally {
      set({ busy: null });
    }
  },
  remove: async (id) => {
    set({ busy: 'delete' });
    try {
      const message = await deleteLesson(id);
      set((s) => ({ items: s.items.filter((item) => item.id !== id) }));
      return { ok: true, message: message || MESSAGES.lessons.deleted };
    } catch (error) {
      // SPEC §8: on delete failure the server's answer is shown as it is.
      return failure(error, null);
    } finally {
      set({ busy: null });
    }
  },
}));

/** The classes the list shows under the chosen type. */
export function visibleLessons(items: LessonListItemDto[], typeFilter: string): LessonListItemDto[] {
  return typeFilter === '' ? items : items.filter((lesson) => lesson.types.includes(typeFilter));
}
