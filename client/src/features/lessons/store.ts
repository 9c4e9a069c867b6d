import { create } from 'zustand';
import { MESSAGES, type LessonDto, type LessonListItemDto } from '@pulso/shared';
import { lessonsEs } from '../../i18n/lessons';
import { createMutator, type Outcome } from '../../lib/mutation';
import {
  createLoader,
  emptyList,
  emptySlot,
  listOf,
  slot,
  type ListState,
  type LoadOptions,
  type Slot,
} from '../../lib/resource';
import {
  addLessonToSchedule,
  createReview,
  getLesson,
  getLessons,
  removeLessonFromSchedule,
  type ReviewInput,
} from './api/lessons';
import { DEFAULT_FILTERS, filterLessons, type LessonFilters } from './filter';

interface LessonsState extends ListState<LessonListItemDto> {
  /** The filters slice (the spec's filters store): what is applied, what it leaves, its no-results message. */
  filters: LessonFilters;
  visible: LessonListItemDto[];
  filterError: string | null;
  /** The class of /clases/{name}, keyed by its name. */
  detail: Slot<LessonDto | null>;
  /** An action of the detail page in flight. */
  busy: 'review' | 'add' | 'remove' | null;
  fetchLessons: () => Promise<void>;
  /** Applies a change of the filter bar and recomputes the visible classes. */
  setFilters: (change: Partial<LessonFilters>) => void;
  resetFilters: () => void;
  /** 'Intenta de nuevo': resets every filter and loads the classes again. */
  retry: () => Promise<void>;
  /** Loads a class; `quiet` keeps the current one on screen while it refreshes. */
  fetchLesson: (name: string, options?: LoadOptions) => Promise<void>;
  sendReview: (input: ReviewInput) => Promise<Outcome>;
  addLesson: (lessonId: string, userId: string) => Promise<Outcome>;
  /** Takes a class off the member's schedule ('Quitar'). */
  removeLesson: (lessonId: string) => Promise<Outcome>;
}

function filtered(items: LessonListItemDto[], filters: LessonFilters) {
  const { items: visible, error: filterError } = filterLessons(items, filters);
  return { filters, visible, filterError };
}

const LIST = listOf<LessonsState>();
const DETAIL = slot<LessonsState, 'detail'>('detail', null);

/** The spec's lessons store, with its filters slice. */
export const useLessonsStore = create<LessonsState>()((set, get) => {
  const { load } = createLoader(set, get);
  const mutate = createMutator<LessonsState, LessonsState['busy']>(set, null);
  return {
    ...emptyList<LessonListItemDto>(),
    filters: DEFAULT_FILTERS,
    visible: [],
    filterError: null,
    detail: emptySlot(null),
    busy: null,
    fetchLessons: async () => {
      await load(LIST, null, getLessons);
      set((s) => filtered(s.items, s.filters));
    },
    setFilters: (change) => set((s) => filtered(s.items, { ...s.filters, ...change })),
    resetFilters: () => set((s) => filtered(s.items, DEFAULT_FILTERS)),
    retry: async () => {
      get().resetFilters();
      await get().fetchLessons();
    },
    fetchLesson: (name, options) => load(DETAIL, name, () => getLesson(name), options),
    sendReview: (input) =>
      mutate(
        'review',
        () => createReview(input),
        ({ message }) => lessonsEs.review.failedWithReason(MESSAGES.reviews.failed, message),
      ),
    addLesson: (lessonId, userId) => mutate('add', () => addLessonToSchedule(lessonId, userId)),
    removeLesson: (lessonId) => mutate('remove', () => removeLessonFromSchedule(lessonId)),
  };
});
