import { describe, expect, test } from 'vitest';
import {
  DEMO_BRANCHES,
  DEMO_LESSONS,
  DEMO_PLANS,
  DEMO_REVIEWS,
  DEMO_USERS,
  lessonImageFile,
  validateBranchForm,
  validateLessonForm,
} from '../index';

/** Spanish words the demo data once carried without their accents. */
const UNACCENTED =
  /\b(aerobicos?|aerobicas|musculacion|tecnica|juarez|fernandez|martinez|gomez|rios|lucia|sofia|musica|estatica|respiracion|gimnasticos|coreografias|calorias|utiles|dia|musculos|sesion|despues|maximo|condicion|energia|clasico)\b/i;

describe('demo data', () => {
  test('its Spanish words carry their accents', () => {
    // E-mail addresses stay ASCII (lucia@pulso.demo).
    const texts = JSON.stringify([DEMO_PLANS, DEMO_USERS, DEMO_BRANCHES, DEMO_LESSONS, DEMO_REVIEWS]).replace(
      /[\w.-]+@[\w.-]+/g,
      '',
    );
    expect(texts.match(new RegExp(UNACCENTED.source, 'gi')) ?? []).toEqual([]);
  });

  test('every demo class and sede passes its form, and each class names a demo trainer', () => {
    const trainers = DEMO_USERS.filter((u) => u.isMonitor).map((u) => u.fullName);
    for (const lesson of DEMO_LESSONS) {
      expect(trainers).toContain(lesson.trainer);
      const { name, shortDescription, description } = lesson;
      const errors = validateLessonForm({ name, shortDescription, description }, { requireImage: false });
      expect([errors.name, errors.shortDescription, errors.description]).toEqual([undefined, undefined, undefined]);
    }
    for (const branch of DEMO_BRANCHES) {
      const errors = validateBranchForm({ name: branch.name, location: branch.location }, { requireImage: false });
      expect([errors.name, errors.location]).toEqual([undefined, undefined]);
    }
  });

  test('seed image files keep ASCII names', () => {
    expect(lessonImageFile('Aeróbicos')).toBe('clase-aerobicos.jpg');
    expect(DEMO_LESSONS.map((l) => lessonImageFile(l.name)).every((f) => /^[a-z0-9.-]+$/.test(f))).toBe(true);
  });
});
