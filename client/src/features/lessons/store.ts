import { AxiosError } from 'axios';
import { create } from 'zustand';
import {
  ERROR_CODES,
  isApiErrorBody,
  MESSAGES,
  type LessonDto,
  type LessonListItemDto,
  type LoadStatus,
} from '@pulso/shared';
import { errorMessage } from '../../lib/api-client';
import { lessonsEs } from '../../i18n/lessons';
import { addLessonToSchedule, createReview, getLesson, getLessons, type ReviewInput } from './api/lessons';
import { DEFAULT_FILTERS, filterLessons, type LessonFilters } from './filter';

/** The outcome of an action, for the 'Resultado' modal. */
export interface ActionResult {
  ok: boolean;
  message: string;
}

interface LessonsState {
  /** Every class of /clases as the server sent it. */
  items: LessonListItemDto[];
  status: LoadStatus;
  error: string | null;
  /** The filters slice (the spec's filters store): what is applied, what it leaves, its §8 message. */
  filters: LessonFilters;
  visible: LessonListItemDto[];
  filterError: string | null;
  /** The class of /clases/{name}, with its own load state. */
  detailName: string | null;
  detail: LessonDto | null;
  detailStatus: LoadStatus;
  detailError: string | null;
  detailNotFound: boolean;
  /** An action of the detail page in flight. */
  busy: 'review' | 'add' | null;
  fetchLessons: () => Promise<void>;
  /** Applies a change of the filter bar and recomputes the visible classes. */
  setFilters: (change: Partial<LessonFilters>) => void;
  resetFilters: () => void;
  /** 'Intenta de nuevo': resets every filter and loads the classes again. */
  retry: () => Promise<void>;
  /** Loads a class; `quiet` keeps the current one on screen while it refreshes. */
  fetchLesson: (name: string, options?: { quiet?: boolean }) => Promise<void>;
  sendReview: (input: ReviewInput) => Promise<ActionResult>;
  addClass: (lessonId: string, userId: string) => Promise<ActionResult>;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof AxiosError)) return false;
  const body: unknown = error.response?.data;
  return isApiErrorBody(body) && (body.code === ERROR_CODES.NOT_FOUND || body.code === ERROR_CODES.INVALID_ID);
}

function filtered(items: LessonListItemDto[], filters: LessonFilters) {
  const { items: visible, error: filterError } = filterLessons(items, filters);
  return { filters, visible, filterError };
}

/** The spec's lessons store, with its filters slice. */
export const useLessonsStore = create<LessonsState>()((set, get) => ({
  items: [],
  status: 'idle',
  error: null,
  filters: DEFAULT_FILTERS,
  visible: [],
  filterError: null,
  detailName: null,
  detail: null,
  detailStatus: 'idle',
  detailError: null,
  detailNotFound: false,
  busy: null,
  fetchLessons: async () => {
    set({ status: 'loading', error: null });
    try {
      const items = await getLessons();
      set({ items, status: 'succeeded', ...filtered(items, get().filters) });
    } catch (error) {
      set({ status: 'failed', error: errorMessage(error) });
    }
  },
  setFilters: (change) => set((s) => filtered(s.items, { ...s.filters, ...change })),
  resetFilters: () => set((s) => filtered(s.items, DEFAULT_FILTERS)),
  retry: async () => {
    get().resetFilters();
    await get().fetchLessons();
  },
  fetchLesson: async (name, options) => {
    const quiet = options?.quiet === true && get().detailName === name && get().detail !== null;
    if (!quiet) {
      set({ detailName: name, detail: null, detailStatus: 'loading', detailError: null, detailNotFound: false });
    }
    try {
      const lesson = await getLesson(name);
      // A later visit to another class wins over a slow answer for this one.
      if (get().detailName === name) set({ detail: lesson, detailStatus: 'succeeded', detailError: null });
    } catch (error) {
      if (get().detailName !== name || quiet) return;
      set({ detailStatus: 'failed', detailError: errorMessage(error), detailNotFound: isNotFound(error) });
    }
  },
  sendReview: async (input) => {
    set({ busy: 'review' });
    try {
      return { ok: true, message: await createReview(input) };
    } catch (error) {
      return { ok: false, message: lessonsEs.review.failedWithReason(MESSAGES.reviews.failed, errorMessage(error)) };
    } finally {
      set({ busy: null });
    }
  },
  addClass: async (lessonId, userId) => {
    set({ busy: 'add' });
    try {
      return { ok: true, message: await addLessonToSchedule(lessonId, userId) };
    } catch (error) {
      return { ok: false, message: errorMessage(error) };
    } finally {
      set({ busy: null });
    }
  },
}));
