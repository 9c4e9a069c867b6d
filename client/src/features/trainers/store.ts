import { AxiosError } from 'axios';
import { create } from 'zustand';
import {
  fieldErrorsOf,
  isApiErrorBody,
  normalizeEmail,
  type FieldErrors,
  type LoadStatus,
  type MonitorDto,
  type UserDto,
} from '@pulso/shared';
import { errorMessage } from '../../lib/api-client';
import {
  createTrainer,
  deleteTrainer,
  getTrainer,
  getTrainers,
  updateTrainer,
  type TrainerInput,
} from './api/trainers';

/** The outcome of a create, update or delete, for the result dialog. */
export interface ActionResult {
  ok: boolean;
  message: string;
  fieldErrors?: FieldErrors;
}

interface TrainersState {
  /** Every active trainer with their classes, A-Z. */
  items: MonitorDto[];
  status: LoadStatus;
  error: string | null;
  /** The trainer of the edit screen. */
  trainerId: string | null;
  trainer: UserDto | null;
  trainerStatus: LoadStatus;
  trainerError: string | null;
  busy: 'create' | 'update' | 'delete' | null;
  fetchTrainers: () => Promise<void>;
  fetchTrainer: (id: string) => Promise<void>;
  create: (input: TrainerInput) => Promise<ActionResult>;
  update: (id: string, input: TrainerInput) => Promise<ActionResult>;
  remove: (id: string) => Promise<ActionResult>;
}

const byName = (a: MonitorDto, b: MonitorDto) => a.fullName.localeCompare(b.fullName, 'es');

/** SPEC §8: the dialog shows the server's answer; with field details, those too. */
function failure(error: unknown): ActionResult {
  const reason = errorMessage(error);
  const body: unknown = error instanceof AxiosError ? error.response?.data : null;
  const fieldErrors = isApiErrorBody(body) ? fieldErrorsOf(body) : {};
  const details = Object.values(fieldErrors);
  return { ok: false, message: details.length > 0 ? `${reason}: ${details.join('. ')}` : reason, fieldErrors };
}

/** The trainers (profesores) of the dashboard: the list and the one being edited. */
export const useTrainersStore = create<TrainersState>()((set, get) => ({
  items: [],
  status: 'idle',
  error: null,
  trainerId: null,
  trainer: null,
  trainerStatus: 'idle',
  trainerError: null,
  busy: null,
  fetchTrainers: async () => {
    set({ status: 'loading', error: null });
    try {
      set({ items: [...(await getTrainers())].sort(byName), status: 'succeeded' });
    } catch (error) {
      set({ status: 'failed', error: errorMessage(error) });
    }
  },
  fetchTrainer: async (id) => {
    set({ trainerId: id, trainer: null, trainerStatus: 'loading', trainerError: null });
    try {
      const trainer = await getTrainer(id);
      if (get().trainerId === id) set({ trainer, trainerStatus: 'succeeded' });
    } catch (error) {
      if (get().trainerId === id) set({ trainerStatus: 'failed', trainerError: errorMessage(error) });
    }
  },
  create: async (input) => {
    set({ busy: 'create' });
    try {
      const { id, message } = await createTrainer(input);
      if (input.isMonitor) {
        set((s) => ({
          items: [
            ...s.items,
            { id, fullName: input.fullName, email: normalizeEmail(input.email), lessonDetails: [] },
          ].sort(byName),
        }));
      }
      return { ok: true, message };
    } catch (error) {
      return failure(error);
    } finally {
      set({ busy: null });
    }
  },
  update: async (id, input) => {
    set({ busy: 'update' });
    try {
      const { user, message } = await updateTrainer(id, input);
      set((s) => {
        const others = s.items.filter((item) => item.id !== id);
        const lessonDetails = user.monitorLessons.map(({ id: lessonId, name }) => ({ id: lessonId, name }));
        // Someone who is no longer a trainer leaves the list.
        const items = user.isMonitor
          ? [...others, { id, fullName: user.fullName, email: user.email, lessonDetails }].sort(byName)
          : others;
        return { items, trainer: s.trainerId === id ? user : s.trainer };
      });
      return { ok: true, message };
    } catch (error) {
      return failure(error);
    } finally {
      set({ busy: null });
    }
  },
  remove: async (id) => {
    set({ busy: 'delete' });
    try {
      const message = await deleteTrainer(id);
      set((s) => ({ items: s.items.filter((item) => item.id !== id) }));
      return { ok: true, message };
    } catch (error) {
      return failure(error);
    } finally {
      set({ busy: null });
    }
  },
}));
