import type { FieldErrors } from '../api';
import { fieldErrors } from '../schemas/core';
import { adminUserForm, loginForm, profileForm, registerForm, trainerForm, userForm } from '../schemas/users';
import { lessonForm } from '../schemas/lessons';
import { branchForm } from '../schemas/branches';
import { planForm } from '../schemas/plans';
import { contactForm } from '../schemas/contact';

/**
 * The forms' validation, one function per form, derived from the schemas in `../schemas`: each
 * returns the first failing message per field (an empty object when valid). The server runs the
 * same schemas, so the client and the API always say the same words.
 */

type Input = Record<string, unknown>;

/** User form, admin create and edit (the spec's User form): name, e-mail and phone. */
export function validateUserForm(input: Input): FieldErrors {
  const { fullName, email, phone } = fieldErrors(userForm.edit, input);
  return Object.fromEntries(
    Object.entries({ fullName, email, phone }).filter((entry): entry is [string, string] => !!entry[1]),
  );
}

export function validateLogin(input: Input): FieldErrors {
  return fieldErrors(loginForm, input);
}

export function validateRegister(input: Input): FieldErrors {
  return fieldErrors(registerForm, input);
}

/** Profile edit: name, phone and, with a new password, the current one. */
export function validateProfile(input: Input): FieldErrors {
  return fieldErrors(profileForm, input);
}

/**
 * An admin's user form (create or edit): the trainer form's rules when the account is a trainer,
 * else the user form's plus the password rules (on edit an empty password keeps the current one).
 */
export function validateAdminUserForm(input: Input, mode: 'create' | 'edit'): FieldErrors {
  return fieldErrors(adminUserForm(input, mode), input);
}

/** Trainer create and edit (the spec's Trainer form). */
export function validateTrainerForm(input: Input, mode: 'create' | 'edit'): FieldErrors {
  return fieldErrors(trainerForm[mode], input);
}

/** Lesson create and edit (the spec's Lesson form). `image` is a file name or URL when present. */
export function validateLessonForm(input: Input, options: { requireImage: boolean }): FieldErrors {
  const form = options.requireImage ? lessonForm.create : lessonForm.update;
  return fieldErrors(form.choose(undefined, input), input);
}

/** Branch create and edit (the spec's Branch form). */
export function validateBranchForm(input: Input, options: { requireImage: boolean }): FieldErrors {
  return fieldErrors(options.requireImage ? branchForm.create : branchForm.update, input);
}

/** Plan create and edit (the spec's Plan form). */
export function validatePlanForm(input: Input): FieldErrors {
  return fieldErrors(planForm, input);
}

/** Contact form with the form's own names: name, subject and a valid e-mail are required. */
export function validateContactForm(input: Input): FieldErrors {
  const errors = fieldErrors(contactForm, { user_name: input.name, subject: input.subject, user_email: input.email });
  const renamed: FieldErrors = {};
  if (errors.user_name) renamed.name = errors.user_name;
  if (errors.subject) renamed.subject = errors.subject;
  if (errors.user_email) renamed.email = errors.user_email;
  return renamed;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Whether `value` can be a document's id (24 hexadecimal digits). */
export const isObjectId = (value: string): boolean => /^[0-9a-f]{24}$/i.test(value);
