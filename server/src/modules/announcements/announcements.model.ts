import { Schema, model, type InferSchemaType } from 'mongoose';

/**
 * An announcement to members (issue 24, item 6): written once with its recipients frozen, then sent
 * by the job runner (announcements.service.ts) a batch at a time. `_id` is the sending's own key
 * (`ann_<requestId>`), so the same one sent twice is one announcement.
 */
const announcementSchema = new Schema(
  {
    _id: { type: String, required: true },
    subject: { type: String, required: true },
    body: { type: String, required: true },
    /** Who it goes to, in words ('Socios de Sede Centro'). */
    audience: { type: String, required: true },
    status: { type: String, enum: ['sending', 'sent'], required: true },
    total: { type: Number, required: true },
    /** How many recipients, in their order, have been handled. */
    cursor: { type: Number, default: 0 },
    sent: { type: Number, default: 0 },
    failed: { type: Number, default: 0 },
    createdBy: { id: { type: Schema.Types.ObjectId, ref: 'User' }, name: String },
    createdAt: { type: Date, required: true },
    finishedAt: { type: Date, default: null },
  },
  { versionKey: false },
);
announcementSchema.index({ status: 1, createdAt: 1 });
announcementSchema.index({ createdAt: -1 });

export type AnnouncementDoc = InferSchemaType<typeof announcementSchema> & { _id: string };
export const AnnouncementModel = model('Announcement', announcementSchema, 'announcements');

/** An announcement's recipients (user ids, in order), written once with it, read by `_id`. */
const recipientsSchema = new Schema({ _id: String, ids: [String] }, { versionKey: false });
export const AnnouncementRecipientsModel = model('AnnouncementRecipients', recipientsSchema, 'announcement_recipients');

/**
 * One recipient's e-mail of one announcement (`<announcement>:<user>`): inserted before it is sent,
 * under a unique `_id`, so it is sent at most once however many runs reach it; then 'sent' or 'failed'.
 */
const deliverySchema = new Schema(
  { _id: String, status: { type: String, enum: ['sending', 'sent', 'failed'] }, at: Date },
  { versionKey: false },
);
export const AnnouncementDeliveryModel = model('AnnouncementDelivery', deliverySchema, 'announcement_deliveries');
