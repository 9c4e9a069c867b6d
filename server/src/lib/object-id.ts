import { Types } from 'mongoose';
import { HttpError } from './http-error';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** A path id as an ObjectId; anything but 24 hex digits is a 400 INVALID_ID, never a 500. */
export function toObjectId(id: string): Types.ObjectId {
  if (!OBJECT_ID.test(id)) throw HttpError.invalidId();
  return new Types.ObjectId(id);
}

/** An id sent in a form as an ObjectId; null when it cannot name any document. */
export function objectIdOrNull(id: string): Types.ObjectId | null {
  return OBJECT_ID.test(id) ? new Types.ObjectId(id) : null;
}
