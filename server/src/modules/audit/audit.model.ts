import { Schema, model, type InferSchemaType, type Query, type Types } from 'mongoose';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@pulso/shared';

/**
 * One change staff made (issue 24, item 5). Append-only: nothing in Pulso updates or deletes an
 * entry (there is no route for it, and the model refuses every update and delete below); the only
 * rewrite is the erasure of a member's own personal data (audit.service.ts, forgetPerson), which goes
 * to the collection itself.
 */
const auditSchema = new Schema(
  {
    at: { type: Date, required: true },
    actor: {
      id: { type: Schema.Types.ObjectId, ref: 'User', required: true },
      name: { type: String, required: true },
      role: { type: String, required: true },
    },
    ip: { type: String, default: '' },
    /** The route as the route tables write it ('PUT /api/memberships/update/:id'). */
    route: { type: String, required: true },
    action: { type: String, required: true, enum: AUDIT_ACTIONS },
    entity: { type: String, required: true, enum: AUDIT_ENTITIES },
    entityId: { type: String, required: true },
    label: { type: String, default: '' },
    /**
     * The fields that changed, with their display-ready values before and after (null: none), as the
     * shared auditChanges found them between the record's snapshots when it was written.
     */
    changes: {
      type: [{ _id: false, field: String, before: Schema.Types.Mixed, after: Schema.Types.Mixed }],
      default: [],
    },
    /** Other records whose history shows this change (`user:<id>` of a member checked in). */
    related: { type: [String], default: [] },
  },
  { versionKey: false },
);
auditSchema.index({ at: -1 });
auditSchema.index({ 'actor.id': 1, at: -1 });
auditSchema.index({ entity: 1, at: -1 });

function appendOnly(this: Query<unknown, unknown>): never {
  throw new Error(`The audit trail is append-only: ${String((this as { op?: string }).op)} refused`);
}
for (const op of [
  'updateOne',
  'updateMany',
  'replaceOne',
  'findOneAndUpdate',
  'findOneAndReplace',
  'deleteOne',
  'deleteMany',
  'findOneAndDelete',
] as const) {
  auditSchema.pre(op, appendOnly);
}
auditSchema.pre('save', function () {
  if (!this.isNew) throw new Error('The audit trail is append-only: save of an existing entry refused');
});
auditSchema.pre('bulkWrite', function () {
  throw new Error('The audit trail is append-only: bulkWrite refused');
});

export type AuditDoc = InferSchemaType<typeof auditSchema> & { _id: Types.ObjectId };
export const AuditModel = model('AuditEntry', auditSchema, 'audit_entries');
