import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const planSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 60, unique: true },
    /** Months. */
    duration: { type: Number, required: true, min: 1, max: 999 },
    benefits: { type: String, required: true, trim: true, maxlength: 500 },
    price: { type: Number, required: true, min: 0 },
    /** Charged again every duration until the member stops it (subscriptions); false: one-off. */
    renewing: { type: Boolean, default: false },
    /** Retired plans leave the public list; members keep what they bought. */
    deletedAt: { type: Date, default: null, index: true },
  },
  { timestamps: true },
);

export type PlanDoc = InferSchemaType<typeof planSchema> & { _id: Types.ObjectId };
export const PlanModel = model('Plan', planSchema, 'plans');
