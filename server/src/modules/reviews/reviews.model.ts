import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/** One member's rating of a class; a second one replaces the first. */
const reviewSchema = new Schema({
  user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  /**
   * The author's full name when written, so a class page names its reviewers without reading their
   * accounts; a later change of name is copied here by the reviewer-names job, and reviews written
   * before names were stored got theirs from migration 004 ('' when the account was gone).
   */
  userName: { type: String, default: null },
  stars: { type: Number, required: true, min: 1, max: 5 },
  description: { type: String, default: '', maxlength: 500 },
  createdAt: { type: Date, required: true },
  updatedAt: { type: Date, required: true },
});

/**
 * A class's reviews, kept together in one document whose `_id` is the class's: a class page and a
 * new review are single-document reads and writes on any engine (FerretDB reads a whole collection
 * for every query that returns several documents). The class's rating is copied onto the class
 * (averageStars, reviewCount); `version` makes each write a compare-and-set, so concurrent reviews
 * never overwrite each other.
 */
const lessonReviewsSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, ref: 'Lesson', required: true },
    reviews: { type: [reviewSchema], default: [] },
    version: { type: Number, default: 0 },
  },
  { versionKey: false },
);

export type ReviewEntry = InferSchemaType<typeof reviewSchema> & { _id: Types.ObjectId };
export type LessonReviewsDoc = InferSchemaType<typeof lessonReviewsSchema> & { _id: Types.ObjectId };
export const LessonReviewsModel = model('LessonReviews', lessonReviewsSchema, 'lessonreviews');

/** Where reviews were kept before, one document each; read once by the migration, then dropped. */
export const LEGACY_REVIEWS_COLLECTION = 'reviews';
