import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { scheduleDefinition } from '../../lib/schedule-fields';

const branchSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, unique: true, maxlength: 80 },
    location: { type: String, required: true, trim: true, maxlength: 200 },
    image: { type: String, default: '' },
    imageKey: { type: String, default: '' },
    ...scheduleDefinition,
  },
  { timestamps: true },
);

export type BranchDoc = InferSchemaType<typeof branchSchema> & { _id: Types.ObjectId };
export const BranchModel = model('Branch', branchSchema, 'branchoffices');
