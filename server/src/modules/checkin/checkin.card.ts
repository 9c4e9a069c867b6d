import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import mongoose, { type Types } from 'mongoose';
import { CHECKIN_CODE } from '@pulso/shared';
import { isDuplicateKeyError } from '../../lib/db';

/**
 * A member's check-in code: what their profile shows as a QR code and as text, and what the front
 * desk scans or types. It is not their id: `<card><digits>`, where
 *
 * - `card` is 8 random characters (Crockford base32, 40 bits) drawn once per member and kept in
 *   `checkin_cards` (`_id` `card:<card>` → the member, and `member:<id>` → the card, both point
 *   reads), so the code can be looked up without a scan and says nothing about the account;
 * - `digits` are 6 digits computed from the card and the current 30-second step with a key derived
 *   from the server's secret (as a TOTP app does): the code shown changes every step, and one seen
 *   over a shoulder or in an old screenshot stops working after `CHECKIN_CODE.acceptedSteps` steps.
 *
 * Every server of the chain derives the same key from the same JWT_SECRET.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CHECKIN_CARDS = 'checkin_cards';

interface CardDoc {
  _id: string;
  member?: Types.ObjectId;
  card?: string;
  createdAt: Date;
}

const cards = () => mongoose.connection.collection<CardDoc>(CHECKIN_CARDS);

const newCard = () => Array.from({ length: CHECKIN_CODE.cardLength }, () => ALPHABET[randomInt(32)]).join('');

export const codeKey = (secret: string) => createHmac('sha256', secret).update('pulso check-in codes').digest();

/** The 6 digits of `card` at 30-second step `step`. */
function digitsAt(key: Buffer, card: string, step: number): string {
  const mac = createHmac('sha256', key).update(`${card}:${step}`).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

const stepOf = (at: Date) => Math.floor(at.getTime() / (CHECKIN_CODE.stepSeconds * 1000));

/** The member's card, drawn on first use. Two first uses at once agree: the member's pointer is an insert only one wins. */
export async function cardOf(member: Types.ObjectId): Promise<string> {
  const pointer = `member:${member.toString()}`;
  const existing = await cards().findOne({ _id: pointer });
  let card = existing?.card;
  if (!card) {
    const drawn = newCard();
    try {
      await cards().insertOne({ _id: pointer, card: drawn, createdAt: new Date() });
      card = drawn;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      card = (await cards().findOne({ _id: pointer }))?.card;
      if (!card) throw error;
    }
  }
  // The card's own entry (idempotent: a crash between the two writes is repaired by the next call).
  if (!existing) {
    await cards().updateOne(
      { _id: `card:${card}` },
      { $setOnInsert: { member, createdAt: new Date() } },
      { upsert: true },
    );
  }
  return card;
}

/** The code `card` shows at `now`, and until when it shows it. */
export function codeAt(secret: Buffer, card: string, now: Date): { code: string; changesAt: Date } {
  const step = stepOf(now);
  return {
    code: `${card}${digitsAt(secret, card, step)}`,
    changesAt: new Date((step + 1) * CHECKIN_CODE.stepSeconds * 1000),
  };
}

/** A typed or scanned code as stored: capitals, no spaces or dashes; O read as 0, I and L as 1. */
export function normalizeCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/**
 * The member whose code `raw` is, if it is one of the codes their card showed in the last
 * `acceptedSteps` steps (or the next one: a desk whose clock runs behind); otherwise null.
 */
export async function memberOfCode(secret: Buffer, raw: string, now: Date): Promise<Types.ObjectId | null> {
  const code = normalizeCode(raw);
  if (!CHECKIN_CODE.pattern.test(code)) return null;
  const card = code.slice(0, CHECKIN_CODE.cardLength);
  const digits = Buffer.from(code.slice(CHECKIN_CODE.cardLength));
  const step = stepOf(now);
  let valid = false;
  for (let s = step + 1; s > step - CHECKIN_CODE.acceptedSteps; s--) {
    if (timingSafeEqual(Buffer.from(digitsAt(secret, card, s)), digits)) valid = true;
  }
  if (!valid) return null;
  const entry = await cards().findOne({ _id: `card:${card}` });
  return entry?.member ?? null;
}
