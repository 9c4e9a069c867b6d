import { ERROR_CODES, MESSAGES, schemas, sessionDayLabel, toText, type WishDto } from '@pulso/shared';
import { nextId, type WishRec } from '../db';
import { MockHttpError } from '../http';
import type { Route } from '../route';
import { fulfilNow } from './bookings';

/** The server's bookings.wishes.routes.ts: a member's wider waits. */

const MAX_WISHES = 5;
const m = MESSAGES.wishes;

const toDto = ({ createdAt, ...wish }: WishRec): WishDto => ({ ...wish, createdAt });

export const wishesHandlers = (route: Route) => [
  route('GET /wishes/mine', { access: 'signed-in', ok: [200, schemas.wish.array()] }, ({ user, data }) =>
    [...(data.wishes?.[user.id] ?? [])].reverse().map(toDto),
  ),

  route(
    'POST /wishes',
    { access: 'member', body: schemas.wishForm, ok: [201, schemas.wishSaved] },
    ({ input, user, data }) => {
      if (!user.hasActiveMembership) throw MockHttpError.forbidden(MESSAGES.lessons.membershipRequired);
      const lessonId = toText(input.lessonId);
      const type = toText(input.type);
      let target: { kind: WishRec['kind']; target: string; targetName: string };
      if (lessonId) {
        const lesson = data.lessons.find((l) => l.id === lessonId && !l.deletedAt && l.isAvailable);
        if (!lesson) throw MockHttpError.validation({ lessonId: m.unknownLesson });
        target = { kind: 'lesson', target: lesson.id, targetName: lesson.name };
      } else {
        if (!data.lessons.some((l) => !l.deletedAt && l.isAvailable && (l.types ?? []).includes(type))) {
          throw MockHttpError.validation({ type: m.unknownType });
        }
        target = { kind: 'type', target: type, targetName: type };
      }
      data.wishes ??= {};
      const mine = (data.wishes[user.id] ??= []);
      if (mine.filter((w) => !w.session).length >= MAX_WISHES) {
        throw new MockHttpError(409, ERROR_CODES.CONFLICT, m.tooMany(MAX_WISHES));
      }
      const now = new Date();
      const wish: WishRec = {
        id: nextId(data),
        ...target,
        days: (input.days ?? []).map(String),
        from: toText(input.from),
        to: toText(input.to),
        createdAt: now.toISOString(),
        session: null,
      };
      mine.push(wish);
      const booked = fulfilNow(data, user.id, wish, now);
      const message = booked
        ? m.bookedNow(`${booked.lesson.name}, ${sessionDayLabel(booked.date)} a las ${booked.start.slice(11)}`)
        : m.created;
      return { message, wish: toDto(wish) };
    },
  ),

  route('DELETE /wishes/:wishId', { access: 'signed-in', ok: [200, schemas.message] }, ({ params, user, data }) => {
    const mine = data.wishes?.[user.id] ?? [];
    if (!mine.some((w) => w.id === params.wishId)) throw MockHttpError.notFound(m.notFound);
    if (data.wishes) data.wishes[user.id] = mine.filter((w) => w.id !== params.wishId);
    return { message: m.removed };
  }),
];
