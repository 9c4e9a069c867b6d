import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/** Gym events created by admins and shown to every signed-in user (the spec kept them in the page only). */
const eventSchema = new Schema(
  {
    title: { type: String, required: true, trim: true, maxlength: 100 },
    start: { type: Date, required: true },
    end: { type: Date, required: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  },
  { timestamps: true },
);
eventSchema.index({ start: 1, end: 1 });

export type CalendarEventDoc = InferSchemaType<typeof eventSchema> & { _id: Types.ObjectId };
export const CalendarEventModel = model('CalendarEvent', eventSchema, 'events');
