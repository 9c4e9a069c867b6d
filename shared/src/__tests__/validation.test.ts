import { describe, expect, test } from 'vitest';
import {
  BRANCH_START_HOURS,
  benefitList,
  DEMO_PLANS,
  endHourChoices,
  HALF_HOUR_CHOICES,
  LESSON_START_HOURS,
  fieldErrors,
  lessonName,
  lessonNameKey,
  lessonReferences,
  MESSAGES,
  schemas,
  planBadge,
  toBoolean,
  normalizeEmail,
  isLookAlikeEmail,
  validateAdminUserForm,
  validateBranchForm,
  validateContactForm,
  validateLessonForm,
  validateLogin,
  validatePlanForm,
  validateProfile,
  validateRegister,
  validateTrainerForm,
  validateUserForm,
  WHOLE_HOUR_CHOICES,
} from '../index';

describe('hour choices', () => {
  test('whole hours run 1:00 to 24:00 (24 options); half hours in 30-minute steps', () => {
    expect(WHOLE_HOUR_CHOICES).toHaveLength(24);
    expect(WHOLE_HOUR_CHOICES[0]).toBe('1:00');
    expect(WHOLE_HOUR_CHOICES.at(-1)).toBe('24:00');
    expect(HALF_HOUR_CHOICES.slice(0, 3)).toEqual(['1:00', '1:30', '2:00']);
    expect(HALF_HOUR_CHOICES.at(-1)).toBe('24:00');
  });

  test('end options offer only hours after the start', () => {
    expect(endHourChoices(WHOLE_HOUR_CHOICES, '22:00')).toEqual(['23:00', '24:00']);
    expect(endHourChoices(HALF_HOUR_CHOICES, '23:00')).toEqual(['23:30', '24:00']);
  });

  test('no start is offered after which no end exists: sedes start 1:00-23:00, classes 1:00-23:30', () => {
    expect(BRANCH_START_HOURS).toEqual(WHOLE_HOUR_CHOICES.slice(0, -1));
    expect(BRANCH_START_HOURS.at(-1)).toBe('23:00');
    expect(LESSON_START_HOURS).toHaveLength(46);
    expect(LESSON_START_HOURS.at(-1)).toBe('23:30');
    for (const start of [...BRANCH_START_HOURS]) expect(endHourChoices(WHOLE_HOUR_CHOICES, start)).not.toEqual([]);
    for (const start of [...LESSON_START_HOURS]) expect(endHourChoices(HALF_HOUR_CHOICES, start)).not.toEqual([]);
  });
});

describe('plan badge', () => {
  test('Standar bronze, Plus silver, anything else gold', () => {
    expect([planBadge('Standar'), planBadge('Plus'), planBadge('Premium'), planBadge('Oro')]).toEqual([
      'bronze',
      'silver',
      'gold',
      'gold',
    ]);
  });
});

describe('user form', () => {
  const valid = { fullName: 'Ana María (Coach) Pérez-Gil.', email: 'ana@example.com', phone: '5512345678' };
  test('a complete form has no errors', () => expect(validateUserForm(valid)).toEqual({}));
  test.each([
    [{ fullName: '' }, 'fullName', MESSAGES.userForm.fullNameRequired],
    [{ fullName: 'Ana_#' }, 'fullName', 'No puede llevar caracteres especiales'],
    [{ email: '' }, 'email', 'Se requiere email'],
    [{ email: 'ana@' }, 'email', 'No tiene formato de email correcto'],
    [{ phone: '' }, 'phone', 'Campo requerido!'],
    [{ phone: '12345' }, 'phone', 'Telefono solo numeros, hasta 10 digitos'],
    [{ phone: '55123456789' }, 'phone', 'Telefono solo numeros, hasta 10 digitos'],
  ])('%o gives %s: %s', (change, field, message) => {
    expect(validateUserForm({ ...valid, ...change })[field]).toBe(message);
  });
});

describe('password, login, register and profile', () => {
  test.each([
    ['', 'La contraseña es obligatoria'],
    ['abcdefgh', 'La contraseña debe tener al menos 1 número (0-9)'],
    ['abcdefg1', 'La contraseña debe tener al menos una mayúscula'],
    ['Abc1', 'La contraseña debe tener al menos 8 caracteres'],
  ])('register password %j gives %s', (password, message) => {
    expect(validateRegister({ email: 'a@b.co', password }).password).toBe(message);
  });

  test('a valid registration has no errors', () => {
    expect(validateRegister({ email: 'a@b.co', password: 'Secreta123' })).toEqual({});
  });

  test('register e-mail messages', () => {
    expect(validateRegister({ email: '', password: 'Secreta123' }).email).toBe('El email es obligatorio');
    expect(validateRegister({ email: 'nope', password: 'Secreta123' }).email).toBe(
      'Debe ingresar un correo electrónico válido',
    );
  });

  test('login needs both fields', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Debe completar todos los campos',
      password: 'Debe completar todos los campos',
    });
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual({});
  });

  test('profile phone digits only; the password is checked only when typed', () => {
    expect(validateProfile({ fullName: 'Ana', phone: '55-12' }).phone).toBe('El telefono solo puede contener números');
    expect(validateProfile({ fullName: 'Ana', phone: '', password: '' })).toEqual({});
    expect(validateProfile({ fullName: 'Ana', password: 'corta' }).password).toBeDefined();
  });
});

describe('trainer form', () => {
  const valid = {
    fullName: 'Carlos Ruiz',
    email: 'carlos@example.com',
    phone: '5512345678',
    password: 'Secreta123',
    isMonitor: 'Si',
    isAdmin: 'No',
  };
  test('a complete create form has no errors', () => expect(validateTrainerForm(valid, 'create')).toEqual({}));
  test('messages of the spec', () => {
    expect(validateTrainerForm({ ...valid, fullName: '' }, 'create').fullName).toBe('El nombre es requerido');
    expect(validateTrainerForm({ ...valid, fullName: 'Carlos 2' }, 'create').fullName).toBe(
      'No se pueden utilizar números',
    );
    expect(validateTrainerForm({ ...valid, fullName: 'a'.repeat(41) }, 'create').fullName).toBe(
      'el nombre no puede tener más de 40 caracteres',
    );
    expect(validateTrainerForm({ ...valid, email: 'x' }, 'create').email).toBe('No es un correo electrónico válido');
    expect(validateTrainerForm({ ...valid, phone: '1' }, 'create').phone).toBe('No es un número de celular válido');
    expect(validateTrainerForm({ ...valid, password: '' }, 'create').password).toBe('La contraseña es requerida');
    const selects = validateTrainerForm({ ...valid, isMonitor: 'Seleccione', isAdmin: 'Seleccione' }, 'create');
    expect(selects).toEqual({
      isMonitor: 'Es necesario seleccionar si es profesor',
      isAdmin: 'Es necesario seleccionar si es profesor',
    });
  });
  test('on edit the password and selectors are not required', () => {
    expect(validateTrainerForm({ ...valid, password: undefined, isMonitor: undefined }, 'edit')).toEqual({});
  });
});

describe('look-alike e-mails', () => {
  test('invisible characters fold away, and an address mixing Latin with Cyrillic or Greek is refused in every form', () => {
    expect(normalizeEmail(' Ana\u200B@Example.com ')).toBe('ana@example.com');
    expect(isLookAlikeEmail('ana@\u0435xample.com')).toBe(true);
    expect(isLookAlikeEmail('анна@пример.рф')).toBe(false);
    expect(validateRegister({ email: 'ana@\u0435xample.com', password: 'Secreta123' }).email).toBe(
      MESSAGES.auth.registerEmailFormat,
    );
    expect(validateUserForm({ fullName: 'Ana', email: '\u0430na@example.com', phone: '5512345678' }).email).toBe(
      MESSAGES.userForm.emailFormat,
    );
    expect(validateRegister({ email: 'ana\u200B@example.com', password: 'Secreta123' })).toEqual({});
  });
});

describe('admin user form', () => {
  const member = { fullName: 'Ana Pérez', email: 'ana@example.com', phone: '5512345678', password: 'Secreta123' };
  test('a member account follows the user form plus the password rules', () => {
    expect(validateAdminUserForm(member, 'create')).toEqual({});
    expect(validateAdminUserForm({ ...member, password: 'corta' }, 'create').password).toBe(
      'La contraseña debe tener al menos 1 número (0-9)',
    );
    expect(validateAdminUserForm({ ...member, password: '' }, 'create').password).toBe(MESSAGES.auth.passwordRequired);
  });
  test('on edit an empty password keeps the current one, a new one must follow the rules', () => {
    expect(validateAdminUserForm({ ...member, password: '' }, 'edit')).toEqual({});
    expect(validateAdminUserForm({ ...member, password: 'sinnumero' }, 'edit').password).toBeDefined();
  });
  test('a trainer account follows the trainer form, whether Si or true', () => {
    const trainer = { ...member, fullName: 'Ana 2', isAdmin: 'No' };
    expect(validateAdminUserForm({ ...trainer, isMonitor: 'Si' }, 'create')).toEqual(
      validateTrainerForm({ ...trainer, isMonitor: 'Si' }, 'create'),
    );
    expect(validateAdminUserForm({ ...trainer, isMonitor: true }, 'create').fullName).toBe(
      validateTrainerForm({ ...trainer, isMonitor: 'Si' }, 'create').fullName,
    );
    expect(validateAdminUserForm({ ...trainer, isMonitor: 'No' }, 'create').fullName).toBeUndefined();
  });
  test('the Si/No selectors read as booleans, anything else as unknown', () => {
    expect([toBoolean('Si'), toBoolean('No'), toBoolean(true), toBoolean('false'), toBoolean('Seleccione')]).toEqual([
      true,
      false,
      true,
      false,
      undefined,
    ]);
  });
});

describe('lesson form', () => {
  const valid = {
    name: 'Spinning',
    description: 'Clase de ciclismo indoor',
    shortDescription: 'Ciclismo indoor',
    effort: '4',
    image: 'spinning.png',
    scheduleHourStart: '7:00',
    scheduleHourFinish: '8:30',
    isAvailable: true,
    monitor: 'Carlos Ruiz',
    branchoffice: ['Centro'],
    scheduleDays: ['Lunes'],
    types: ['Cardio'],
    goals: ['Resistencia'],
  };
  test('a complete form has no errors', () => expect(validateLessonForm(valid, { requireImage: true })).toEqual({}));
  test.each([
    [{ name: '' }, 'name', 'El nombre es requerido'],
    [{ name: 'Yoga 2' }, 'name', 'El nombre solo puede contener letras'],
    [{ name: 'Box' }, 'name', 'El nombre debe ser mayor a 3 caracteres'],
    [{ name: 'a'.repeat(20) }, 'name', 'El nombre debe ser menor a 20 caracteres'],
    [{ effort: '6' }, 'effort', MESSAGES.lessonForm.effortRange],
    [{ effort: '0' }, 'effort', MESSAGES.lessonForm.effortRange],
    [{ image: 'foto.gif' }, 'image', 'La imagen debe ser jpg, jpeg o png'],
    [{ image: '' }, 'image', MESSAGES.lessonForm.imageRequired],
    [{ scheduleHourFinish: '7:00' }, 'scheduleHourFinish', MESSAGES.lessonForm.hourOrder],
    [{ scheduleHourStart: '7:15' }, 'scheduleHourStart', MESSAGES.lessonForm.hourStartRequired],
    [{ isAvailable: 'Seleccione' }, 'isAvailable', 'La disponibilidad es requerida'],
    [{ monitor: 'Seleccione' }, 'monitor', 'El profesor es requerido'],
    [{ branchoffice: ['Seleccione'] }, 'branchoffice', 'La sede es requerida'],
    [{ scheduleDays: [] }, 'scheduleDays', 'El día de la semana es requerido'],
    [{ goals: [] }, 'goals', 'Debe escoger al menos una meta'],
    [{ description: 'ab' }, 'description', MESSAGES.lessonForm.descriptionLength],
    [{ shortDescription: 'x'.repeat(51) }, 'shortDescription', MESSAGES.lessonForm.shortDescriptionLength],
    [{ name: 'Yoga  Prenatal' }, 'name', MESSAGES.lessonForm.nameSpaces],
    [{ name: 'Yoga_Prenatal' }, 'name', 'El nombre solo puede contener letras'],
    [{ name: 'Yoga\u00a0Prenatal' }, 'name', 'El nombre solo puede contener letras'],
    [{ name: 'Yoga\tPrenatal' }, 'name', 'El nombre solo puede contener letras'],
    [{ name: 'Yoga Prenatal Para Todas' }, 'name', 'El nombre debe ser menor a 20 caracteres'],
    [
      { scheduleHourStart: '24:00', scheduleHourFinish: '24:00' },
      'scheduleHourStart',
      MESSAGES.lessonForm.hourStartRequired,
    ],
  ])('%o gives %s: %s', (change, field, message) => {
    expect(validateLessonForm({ ...valid, ...change }, { requireImage: true })[field]).toBe(message);
  });

  describe('the trainer and the sede, by id or by name (issue 19)', () => {
    const byId = { ...valid, monitor: undefined, branchoffice: undefined, monitorId: 'm1', officeId: 'o1' };
    test('ids chosen: no errors, with the same messages when none is chosen', () => {
      expect(validateLessonForm(byId, { requireImage: true })).toEqual({});
      expect(validateLessonForm({ ...byId, monitorId: 'Seleccione', officeId: '' }, { requireImage: true })).toEqual({
        monitor: 'El profesor es requerido',
        branchoffice: 'La sede es requerida',
      });
    });
    test('an id chosen wins over a name; a placeholder id leaves the name as the choice', () => {
      expect(lessonReferences({ ...valid, monitorId: 'm1', officeId: 'o1' })).toEqual({
        trainer: { id: 'm1' },
        branch: { id: 'o1' },
      });
      expect(lessonReferences({ ...valid, monitor: ' Carlos Ruiz ', monitorId: 'Seleccione' })).toEqual({
        trainer: { name: 'Carlos Ruiz' },
        branch: { name: 'Centro' },
      });
      expect(validateLessonForm({ ...valid, monitorId: 'Seleccione' }, { requireImage: true })).toEqual({});
    });
    test('an id of the wrong type is a type error on its own field', () => {
      expect(fieldErrors(schemas.lessonForm.create.fields, { ...byId, monitorId: 5 }).monitorId).toBe(
        MESSAGES.users.wrongType,
      );
    });
  });

  test.each(['Yoga Prenatal', 'Aeróbicos', 'Aero\u0301bicos', 'Baile-Fit Latino', ' Yoga Prenatal ', 'Ñandú'])(
    'the name %j is valid: letters and hyphens, single spaces between words',
    (name) => expect(validateLessonForm({ ...valid, name }, { requireImage: true })).toEqual({}),
  );

  test('a name is kept trimmed in NFC; its uniqueness key ignores case, accents and repeated spaces', () => {
    expect(lessonName(' Aero\u0301bicos ')).toBe('Aeróbicos');
    expect(lessonName('Aero\u0301bicos')).toHaveLength('Aeróbicos'.length);
    expect(lessonNameKey('Aeróbicos')).toBe(lessonNameKey('aerobicos'));
    expect(lessonNameKey('Yoga Prenatal')).toBe(lessonNameKey('YOGA  prenatal'));
    expect(lessonNameKey('Yoga Prenatal')).not.toBe(lessonNameKey('Yoga-Prenatal'));
  });
});

describe('branch form', () => {
  const valid = {
    name: 'Sede Centro',
    location: 'Avenida Juárez 123',
    scheduleDays: ['Lunes', 'Martes'],
    scheduleHourStart: '7:00',
    scheduleHourFinish: '22:00',
    image: 'centro.jpg',
  };
  test('a complete form has no errors', () => expect(validateBranchForm(valid, { requireImage: true })).toEqual({}));
  test('messages of the spec', () => {
    const check = (change: object) => validateBranchForm({ ...valid, ...change }, { requireImage: true });
    expect(check({ name: '' }).name).toBe('El nombre es obligatorio.');
    expect(check({ name: 'Sede 1' }).name).toBe('El nombre solo puede contener letras.');
    expect(check({ name: 'Ab' }).name).toBe('El nombre debe tener al menos 3 caracteres.');
    expect(check({ location: '' }).location).toBe('La dirección es obligatoria');
    expect(check({ location: 'Calle #5, piso 2' }).location).toBe(
      'La dirección no debe contener caracteres especiales',
    );
    expect(check({ location: 'C 1' }).location).toBe('La dirección debe tener al menos 5 caracteres');
    expect(check({ scheduleDays: [] }).scheduleDays).toBe('Debe seleccionar al menos un día');
    expect(check({ scheduleHourStart: '' }).scheduleHourStart).toBe('Debe seleccionar hora de inicio');
    expect(check({ scheduleHourFinish: '' }).scheduleHourFinish).toBe('Debe seleccionar hora de fin');
    expect(check({ scheduleHourFinish: '6:00' }).scheduleHourFinish).toBe(MESSAGES.branchForm.hourOrder);
  });
  test('sede hours are whole hours from the choices; days are Spanish weekdays', () => {
    const check = (change: object) => validateBranchForm({ ...valid, ...change }, { requireImage: true });
    expect(check({ scheduleHourStart: '7:30' }).scheduleHourStart).toBe('Debe seleccionar hora de inicio');
    expect(check({ scheduleHourFinish: '25:00' }).scheduleHourFinish).toBe('Debe seleccionar hora de fin');
    expect(check({ scheduleDays: ['Lunes', 'Funday'] }).scheduleDays).toBe('Debe seleccionar al menos un día');
  });
});

describe('plan form', () => {
  const valid = { name: 'Plus', benefits: 'Clases ilimitadas 24 horas', duration: '3', price: '79.99' };
  test('a complete form has no errors', () => expect(validatePlanForm(valid)).toEqual({}));
  test.each([
    [{ name: '' }, 'name', 'El campo de nombre es requerido.'],
    [{ name: 'Plus 2' }, 'name', 'El nombre debe contener solo letras.'],
    [{ benefits: '' }, 'benefits', 'El campo de beneficios es requerido.'],
    [{ benefits: 'Todo!' }, 'benefits', 'Los beneficios debe contener letras y números sin caracteres especiales.'],
    [{ duration: '' }, 'duration', 'El campo de duracion es requerido.'],
    [{ duration: '03' }, 'duration', 'Seleccionar la cantidad de meses en numeros.'],
    [{ duration: '1.5' }, 'duration', 'Seleccionar la cantidad de meses en numeros.'],
    [{ price: '' }, 'price', 'El campo de precio es requerido.'],
    [{ price: '9.999' }, 'price', 'El precio debe tener el formato adecuado.'],
  ])('%o gives %s: %s', (change, field, message) => {
    expect(validatePlanForm({ ...valid, ...change })[field]).toBe(message);
  });
  test('numbers are accepted as well as strings', () => {
    expect(validatePlanForm({ ...valid, duration: 12, price: 300 })).toEqual({});
  });
  test('commas separate several benefits, none of them empty', () => {
    expect(validatePlanForm({ ...valid, benefits: 'Todas las sedes, Clases ilimitadas,Nutricionista' })).toEqual({});
    for (const benefits of [',Sedes', 'Sedes,', 'Sedes,,Clases', 'Sedes, ,Clases', ' , ']) {
      expect(validatePlanForm({ ...valid, benefits }).benefits).toBe(MESSAGES.planForm.benefitsChars);
    }
  });
  test('every demo plan passes the plan form', () => {
    for (const plan of DEMO_PLANS) expect(validatePlanForm({ ...plan })).toEqual({});
  });
  test('the benefits list splits on commas and trims each benefit', () => {
    expect(benefitList('Todas las sedes, Clases ilimitadas ,Nutricionista')).toEqual([
      'Todas las sedes',
      'Clases ilimitadas',
      'Nutricionista',
    ]);
    expect(benefitList('Acceso a tu sede')).toEqual(['Acceso a tu sede']);
  });
});

describe('contact form', () => {
  test('name, subject and a valid e-mail are required; company and message are optional', () => {
    expect(validateContactForm({ name: 'Ana', subject: 'Hola', email: 'ana@example.com' })).toEqual({});
    expect(Object.keys(validateContactForm({}))).toEqual(['name', 'subject', 'email']);
    expect(validateContactForm({ name: 'Ana', subject: 'Hola', email: 'x' }).email).toBe(
      MESSAGES.contactForm.emailFormat,
    );
  });
});
