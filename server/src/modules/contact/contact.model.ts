import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/** Contact messages are stored before they are e-mailed, so none is lost while mail is down. */
const contactSchema = new Schema(
  {
    name: { type: String, required: true, maxlength: 200 },
    subject: { type: String, required: true, maxlength: 200 },
    email: { type: String, required: true, maxlength: 254 },
    company: { type: String, default: '', maxlength: 200 },
    message: { type: String, default: '', maxlength: 5000 },
    status: { type: String, enum: ['pending', 'sent'], default: 'pending', index: true },
    attempts: { type: Number, default: 0 },
    lastError: { type: String, default: '' },
    sentAt: { type: Date, default: null },
  },
  { timestamps: true },
);
contactSchema.index({ createdAt: -1 });

export type ContactDoc = InferSchemaType<typeof contactSchema> & { _id: Types.ObjectId; createdAt: Date };
export const ContactModel = model('ContactMessage', contactSchema, 'contactmessages');
