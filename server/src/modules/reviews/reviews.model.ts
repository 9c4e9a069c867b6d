import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const reviewSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    lesson: { type: Schema.Types.ObjectId, ref: 'Lesson', required: true, index: true },
    stars: { type: Number, required: true, min: 1, max: 5 },
    description: { type: String, default: '', maxlength: 500 },
  },
  { timestamps: true },
);
// One review per user per class: a second one replaces the first.
reviewSchema.index({ user: 1, lesson: 1 }, { unique: true });

export type ReviewDoc = InferSchemaType<typeof reviewSchema> & { _id: Types.ObjectId; createdAt: Date };
export const ReviewModel = model('Review', reviewSchema, 'reviews');
