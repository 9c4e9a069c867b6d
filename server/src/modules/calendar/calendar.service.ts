import { trusted, Types } from 'mongoose';
import { ERROR_CODES, MESSAGES, type CalendarEventDto } from '@pulso/shared';
import { HttpError } from '../../lib/http-error';
import { loadModelValue, patchModel, readModelsReady, registerReadModels } from '../../lib/read-models';
import { CalendarEventModel, type CalendarEventDoc } from './calendar.model';

export const MAX_RANGE_DAYS = 62;

function toDto(doc: CalendarEventDoc): CalendarEventDto {
  return {
    id: doc._id.toString(),
    title: doc.title,
    start: doc.start.toISOString(),
    end: doc.end.toISOString(),
    kind: 'gym',
    allDay: false,
  };
}

/**
 * Gym events are read from one read model per calendar month (UTC), `events:YYYY-MM`, holding the
 * events that overlap it: a month view is one or two point reads whatever the number of events.
 * Creating or deleting an event patches the months it overlaps; a month without a stored model has
 * no events once the read models are built.
 */
const monthKey = (year: number, month: number) => `events:${year}-${String(month + 1).padStart(2, '0')}`;

/** The months (as read-model keys) that [from, to) overlaps. */
function monthsOf(from: Date, to: Date): string[] {
  const keys: string[] = [];
  let year = from.getUTCFullYear();
  let month = from.getUTCMonth();
  while (Date.UTC(year, month, 1) < to.getTime()) {
    keys.push(monthKey(year, month));
    month++;
    if (month === 12) {
      month = 0;
      year++;
    }
  }
  return keys;
}

const overlaps = (e: CalendarEventDto, from: Date, to: Date) =>
  new Date(e.start).getTime() < to.getTime() && new Date(e.end).getTime() > from.getTime();

/** Gym events overlapping [from, to), read from the events collection (before the read models exist). */
async function queryEvents(from: Date, to: Date): Promise<CalendarEventDto[]> {
  const docs = await CalendarEventModel.find({ start: trusted({ $lt: to }), end: trusted({ $gt: from }) })
    .sort({ start: 1 })
    .limit(1000)
    .lean<CalendarEventDoc[]>();
  return docs.map(toDto);
}

/** Gym events overlapping [from, to) (at most 1,000, by start). */
export async function gymEvents(from: Date, to: Date): Promise<CalendarEventDto[]> {
  if (!(await readModelsReady())) return queryEvents(from, to);
  const months = await Promise.all(monthsOf(from, to).map((key) => loadModelValue<CalendarEventDto[]>(key)));
  const byId = new Map(months.flatMap((m) => m ?? []).map((e) => [e.id, e]));
  return [...byId.values()]
    .filter((e) => overlaps(e, from, to))
    .sort((a, b) => a.start.localeCompare(b.start))
    .slice(0, 1000);
}

/** Adds the event to (or, `remove`, takes it out of) the months it overlaps. */
async function patchMonths(event: CalendarEventDto, remove: boolean): Promise<void> {
  for (const key of monthsOf(new Date(event.start), new Date(event.end))) {
    await patchModel<CalendarEventDto[]>(key, (list) => {
      const rest = (list ?? []).filter((e) => e.id !== event.id);
      if (!remove) rest.push(event);
      return rest.length > 0 ? rest : null;
    });
  }
}

registerReadModels({
  name: 'events',
  async rebuildAll() {
    const docs = await CalendarEventModel.find({}).lean<CalendarEventDoc[]>();
    const months = new Map<string, CalendarEventDto[]>();
    for (const doc of docs) {
      const event = toDto(doc);
      for (const key of monthsOf(doc.start, doc.end)) months.set(key, [...(months.get(key) ?? []), event]);
    }
    for (const [key, events] of months) await patchModel(key, () => events);
    return months.size;
  },
});

export async function createEvent(title: string, start: Date, end: Date, createdBy: string): Promise<CalendarEventDto> {
  const doc = await CalendarEventModel.create({ title, start, end, createdBy: new Types.ObjectId(createdBy) });
  const event = toDto(doc.toObject<CalendarEventDoc>());
  await patchMonths(event, false);
  return event;
}

export async function deleteEvent(id: string): Promise<void> {
  if (!/^[0-9a-f]{24}$/i.test(id)) throw HttpError.invalidId();
  const doc = await CalendarEventModel.findById(new Types.ObjectId(id)).lean<CalendarEventDoc>();
  const result = await CalendarEventModel.deleteOne({ _id: new Types.ObjectId(id) });
  if (!doc || result.deletedCount === 0) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.events.notFound);
  await patchMonths(toDto(doc), true);
}
