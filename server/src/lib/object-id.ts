import { Types } from 'mongoose';
import { HttpError } from './http-error';

/** A path id as an ObjectId; anything but 24 hex digits is a 400 INVALID_ID, never a 500. */
export function toObjectId(id: string): Types.ObjectId {
  if (!/^[0-9a-f]{24}$/i.test(id)) throw HttpError.invalidId();
  return new Types.ObjectId(id);
}
