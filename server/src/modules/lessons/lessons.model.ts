import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { LESSON_CAPACITY } from '@pulso/shared';
import { scheduleDefinition } from '../../lib/schedule-fields';

const lessonSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, unique: true, maxlength: 40 },
    shortDescription: { type: String, required: true, trim: true, maxlength: 50 },
    description: { type: String, required: true, trim: true, maxlength: 200 },
    /** Public URL of the image, usable from another origin. */
    image: { type: String, default: '' },
    /** Storage key of the image, to delete it when it is replaced. */
    imageKey: { type: String, default: '' },
    effort: { type: Number, required: true, min: 1, max: 5 },
    /** Exercise type names (the spec's `types`, also sent as `exercisesTypes` objects). */
    types: { type: [String], default: [] },
    goals: { type: [String], default: [] },
    ...scheduleDefinition,
    isAvailable: { type: Boolean, default: true },
    /** Places in each session ('Cupo'); classes stored before it had one hold LESSON_CAPACITY.default. */
    capacity: { type: Number, default: LESSON_CAPACITY.default, min: LESSON_CAPACITY.min, max: LESSON_CAPACITY.max },
    /**
     * Sessions a schedule change left at their old date and hours because they had bookings
     * (`YYYY-MM-DDTHH:mm`): read with the weekly schedule by the shared sessionTimes/sessionDates.
     */
    pinnedSessions: {
      type: [{ _id: false, date: String, start: String, end: String }],
      default: [],
    },
    monitor: { type: Schema.Types.ObjectId, ref: 'User', required: true, index: true },
    office: { type: Schema.Types.ObjectId, ref: 'Branch', required: true, index: true },
    /** Kept up to date whenever a review is written, so lists never aggregate reviews per row. */
    averageStars: { type: Number, default: 0 },
    reviewCount: { type: Number, default: 0 },
    /** The version of the class's review document the two fields above come from. */
    ratingVersion: { type: Number, default: 0 },
    /** Retired lessons leave public lists but stay for history (members' schedules, reviews). */
    deletedAt: { type: Date, default: null, index: true },
  },
  { timestamps: true },
);

lessonSchema.index({ deletedAt: 1, isAvailable: 1, name: 1 });

export type LessonDoc = InferSchemaType<typeof lessonSchema> & { _id: Types.ObjectId };
export const LessonModel = model('Lesson', lessonSchema, 'lessons');
