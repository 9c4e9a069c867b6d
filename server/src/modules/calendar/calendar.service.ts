import { trusted, Types } from 'mongoose';
import { ERROR_CODES, MESSAGES, type CalendarEventDto } from '@pulso/shared';
import { HttpError } from '../../lib/http-error';
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

/** Gym events overlapping [from, to). */
export async function gymEvents(from: Date, to: Date): Promise<CalendarEventDto[]> {
  const docs = await CalendarEventModel.find({ start: trusted({ $lt: to }), end: trusted({ $gt: from }) })
    .sort({ start: 1 })
    .limit(1000)
    .lean<CalendarEventDoc[]>();
  return docs.map(toDto);
}

export async function createEvent(title: string, start: Date, end: Date, createdBy: string): Promise<CalendarEventDto> {
  const doc = await CalendarEventModel.create({ title, start, end, createdBy: new Types.ObjectId(createdBy) });
  return toDto(doc.toObject<CalendarEventDoc>());
}

export async function deleteEvent(id: string): Promise<void> {
  if (!/^[0-9a-f]{24}$/i.test(id)) throw HttpError.invalidId();
  const result = await CalendarEventModel.deleteOne({ _id: new Types.ObjectId(id) });
  if (result.deletedCount === 0) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.events.notFound);
}
