import { Schema, model } from 'mongoose';

/** Exercise types (Fuerza, Cardio, ...), offered by the class filter and the lesson form. */
export const LessonTypeModel = model(
  'LessonType',
  new Schema({ name: { type: String, required: true, trim: true, unique: true, maxlength: 40 } }),
  'types',
);

/** Training goals a class works towards; their names come from the server. */
export const GoalModel = model(
  'Goal',
  new Schema({ name: { type: String, required: true, trim: true, unique: true, maxlength: 60 } }),
  'goals',
);
