import * as z from 'zod';
import { WHOLE_HOUR_CHOICES } from '../constants';
import { MESSAGES } from '../validation/messages';
import { field, text, wire } from './core';
import { imageField } from './lessons';
import { imageUrl } from './shared-dtos';
import { hourFields, hourOrder, weekdays, weeklySchedule } from './week';

const m = MESSAGES.branchForm;

/** The fields of the branch form (the spec's Branch form), in the order the form reports them. */
function branchFields(requireImage: boolean) {
  return {
    name: field(
      wire.text(),
      text(
        z
          .string()
          .min(1, m.nameRequired)
          .regex(/^[\p{L} ]+$/u, m.nameLetters)
          .min(3, m.nameTooShort),
      ),
    ),
    location: field(
      wire.text(),
      text(
        z
          .string()
          .min(1, m.addressRequired)
          .regex(/^[\p{L}\d\s]+$/u, m.addressChars)
          .min(5, m.addressTooShort),
      ),
    ),
    scheduleDays: weekdays(m.daysRequired),
    ...hourFields(m, WHOLE_HOUR_CHOICES),
    image: imageField({ required: requireImage, requiredMessage: m.imageRequired }),
  };
}

/** The branch form: create needs an image; edit keeps the current one when none is sent. */
export const branchForm = {
  create: z.object(branchFields(true)).superRefine(hourOrder(m, WHOLE_HOUR_CHOICES)),
  update: z.object(branchFields(false)).superRefine(hourOrder(m, WHOLE_HOUR_CHOICES)),
};

/** A branch (sede). */
export const branch = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  image: imageUrl,
  ...weeklySchedule.shape,
});
z.globalRegistry.add(branch, { id: 'Branch' });

/** GET /branchoffice: every sede, under the key the spec's client reads. */
export const branchList = z.object({ branchOffice: z.array(branch) });

/** GET /branchoffice/:id. */
export const branchFound = z.object({ branchoffice: branch });

/** A sede created or changed. */
export const branchSaved = z.object({ message: z.string(), branchoffice: branch });

export type BranchDto = z.infer<typeof branch>;
