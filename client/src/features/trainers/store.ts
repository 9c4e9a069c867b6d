import { create } from 'zustand';
import { normalizeEmail, toBoolean, type TrainerDto, type UserDto } from '@pulso/shared';
import { mutate, withDetails, type Outcome } from '../../lib/mutation';
import { createLoader, emptyList, emptySlot, listOf, slot, type ListState, type Slot } from '../../lib/resource';
import * as trainersApi from './api/trainers';
import type { TrainerInput } from './api/trainers';

interface TrainersState extends ListState<TrainerDto> {
  /** The trainer of the edit screen. */
  trainer: Slot<UserDto | null>;
  fetchTrainers: () => Promise<void>;
  fetchTrainer: (id: string) => Promise<void>;
  create: (input: TrainerInput) => Promise<Outcome>;
  update: (id: string, input: TrainerInput) => Promise<Outcome>;
  remove: (id: string) => Promise<Outcome>;
}

const byName = (a: TrainerDto, b: TrainerDto) => a.fullName.localeCompare(b.fullName, 'es');

const LIST = listOf<TrainersState>();
const TRAINER = slot<TrainersState, 'trainer'>('trainer', null);

/**
 * The trainers (profesores) of the dashboard: every active trainer with their classes, A-Z, and the
 * one being edited. A failed change says the server's answer and its field details.
 */
export const useTrainersStore = create<TrainersState>()((set, get) => {
  const { load } = createLoader(set, get);
  return {
    ...emptyList<TrainerDto>(),
    trainer: emptySlot(null),
    fetchTrainers: () => load(LIST, null, async () => [...(await trainersApi.getTrainers())].sort(byName)),
    fetchTrainer: (id) => load(TRAINER, id, () => trainersApi.getTrainer(id)),
    create: (input) =>
      mutate(async () => {
        const { id, message } = await trainersApi.createTrainer(input);
        if (toBoolean(input.isMonitor) === true) {
          const trainer = { id, fullName: input.fullName, email: normalizeEmail(input.email), lessonDetails: [] };
          set((s) => ({ items: [...s.items, trainer].sort(byName) }));
        }
        return message;
      }, withDetails),
    update: (id, input) =>
      mutate(async () => {
        const { user, message } = await trainersApi.updateTrainer(id, input);
        set((s) => {
          const others = s.items.filter((item) => item.id !== id);
          const lessonDetails = user.monitorLessons.map(({ id: lessonId, name }) => ({ id: lessonId, name }));
          // Someone who is no longer a trainer leaves the list.
          const items = user.isMonitor
            ? [...others, { id, fullName: user.fullName, email: user.email, lessonDetails }].sort(byName)
            : others;
          return { items, trainer: s.trainer.key === id ? { ...s.trainer, value: user } : s.trainer };
        });
        return message;
      }, withDetails),
    remove: (id) =>
      mutate(async () => {
        const message = await trainersApi.deleteTrainer(id);
        set((s) => ({ items: s.items.filter((item) => item.id !== id) }));
        return message;
      }, withDetails),
  };
});
