/** 'Lunes', 'Lunes y Martes', 'Lunes, Martes y Jueves'. */
function listY(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

/** 'el Domingo', 'los días Sábado y Domingo'. */
function onDays(days: readonly string[]): string {
  return days.length === 1 ? `el ${days[0]}` : `los días ${listY(days)}`;
}

/** A sede as a sentence's subject: 'Sede Norte' as it is, 'Centro' as 'La sede Centro'. */
function theBranch(name: string): string {
  return /^sede\b/i.test(name) ? name : `La sede ${name}`;
}

/**
 * Every Spanish text that both the server and the client say. The texts the specification quotes are
 * copied exactly (including their original spelling); the others complete the catalogue.
 */
/** The lists' filters as their screens name them, for the message that refuses one. */
const FILTER_NAMES: Record<string, string> = {
  q: 'Buscar',
  status: 'Estado',
  plan: 'Plan',
  branch: 'Sede habitual',
  role: 'Rol',
  sort: 'Orden',
  dir: 'Sentido del orden',
  actor: 'Persona',
  entity: 'Qué se cambió',
  from: 'Desde',
  to: 'Hasta',
  method: 'Medio de pago',
};

export const MESSAGES = {
  userForm: {
    fullNameRequired: 'Se requiere nombre y apellidos completos!',
    fullNameChars: 'No puede llevar caracteres especiales',
    emailRequired: 'Se requiere email',
    emailFormat: 'No tiene formato de email correcto',
    emailTaken: 'Este email ya esta registrado',
    phoneFormat: 'Telefono solo numeros, hasta 10 digitos',
    phoneRequired: 'Campo requerido!',
    createInvalid: 'Datos incompletos!',
    createValid: 'Todo en orden para dar de alta!',
    editInvalid: 'Revisar inputs antes de enviar!',
    editValid: 'Actualizar datos de usuario!',
    /** A staff role (issue 24, item 4). */
    staffRoleInvalid: 'Elige un rol de la lista',
    staffBranchRequired: 'Elige la sede de la que se ocupa',
    staffRoleWithAdmin:
      'Un administrador ya gestiona toda la cadena: quita el rol de sede o la casilla de administrador',
  },
  lessonForm: {
    nameRequired: 'El nombre es requerido',
    nameLetters: 'El nombre solo puede contener letras',
    nameTooShort: 'El nombre debe ser mayor a 3 caracteres',
    nameTooLong: 'El nombre debe ser menor a 20 caracteres',
    /** Names take single spaces between words (issue 18); the spec allowed no space at all. */
    nameSpaces: 'Deja un solo espacio entre palabras',
    descriptionRequired: 'La descripción es requerida',
    descriptionLength: 'La descripción debe tener entre 3 y 200 caracteres',
    shortDescriptionRequired: 'La descripción corta es requerida',
    shortDescriptionLength: 'La descripción corta debe tener entre 3 y 50 caracteres',
    effortRequired: 'La intensidad es requerida',
    effortRange: 'La intensidad debe ser un número del 1 al 5',
    imageRequired: 'La imagen es requerida',
    imageType: 'La imagen debe ser jpg, jpeg o png',
    hourStartRequired: 'La hora de inicio es requerida',
    hourFinishRequired: 'La hora de fin es requerida',
    hourOrder: 'La hora de fin debe ser posterior a la hora de inicio',
    isAvailableRequired: 'La disponibilidad es requerida',
    trainerRequired: 'El profesor es requerido',
    branchRequired: 'La sede es requerida',
    daysRequired: 'El día de la semana es requerido',
    typesRequired: 'Debes escoger al menos un tipo de ejercicio',
    goalsRequired: 'Debe escoger al menos una meta',
  },
  trainerForm: {
    nameRequired: 'El nombre es requerido',
    nameNoDigits: 'No se pueden utilizar números',
    nameTooLong: 'el nombre no puede tener más de 40 caracteres',
    emailInvalid: 'No es un correo electrónico válido',
    phoneInvalid: 'No es un número de celular válido',
    passwordRequired: 'La contraseña es requerida',
    selectRequired: 'Es necesario seleccionar si es profesor',
  },
  branchForm: {
    nameRequired: 'El nombre es obligatorio.',
    nameLetters: 'El nombre solo puede contener letras.',
    nameTooShort: 'El nombre debe tener al menos 3 caracteres.',
    addressRequired: 'La dirección es obligatoria',
    addressChars: 'La dirección no debe contener caracteres especiales',
    addressTooShort: 'La dirección debe tener al menos 5 caracteres',
    daysRequired: 'Debe seleccionar al menos un día',
    hourStartRequired: 'Debe seleccionar hora de inicio',
    hourFinishRequired: 'Debe seleccionar hora de fin',
    hourOrder: 'La hora de fin debe ser posterior a la hora de inicio',
    imageRequired: 'La imagen es obligatoria',
    editInvalid: 'Debe completar los campos obligatorios y corregir los errores.',
    createInvalid: 'Debe completar todos los datos requeridos.',
    createInvalidTitle: 'Error de validación',
  },
  auth: {
    loginRequired: 'Debe completar todos los campos',
    registerEmailRequired: 'El email es obligatorio',
    registerEmailFormat: 'Debe ingresar un correo electrónico válido',
    passwordRequired: 'La contraseña es obligatoria',
    passwordDigit: 'La contraseña debe tener al menos 1 número (0-9)',
    passwordCapital: 'La contraseña debe tener al menos una mayúscula',
    passwordLength: 'La contraseña debe tener al menos 8 caracteres',
    profilePhoneDigits: 'El telefono solo puede contener números',
    userNotFound: 'No se encontró un usuario con ese email',
    wrongPassword: 'La contraseña es incorrecta',
    suspended: 'Tu cuenta está suspendida. Comunícate con el gimnasio para restaurarla.',
    loggedIn: 'Inicio de sesión exitoso',
    registered: 'Usuario creado con éxito',
    forgotSent: 'Si el email está registrado, te enviamos un enlace para crear una nueva contraseña.',
    resetDone: 'Contraseña actualizada. Ya puedes iniciar sesión.',
    resetInvalid: 'El enlace no es válido o expiró. Solicita uno nuevo.',
    googleWidgetFailed: 'Error al validar con Google',
    googleRejected: 'error al verificar con google',
    googleOff: 'El ingreso con Google no está configurado',
    currentPasswordRequired: 'Escribe tu contraseña actual para cambiarla',
    currentPasswordWrong: 'La contraseña actual es incorrecta',
    noPasswordYet:
      'Tu cuenta entra con Google y no tiene contraseña: créala con «Olvidé mi contraseña» en la página de ingreso',
  },
  planForm: {
    nameRequired: 'El campo de nombre es requerido.',
    nameLetters: 'El nombre debe contener solo letras.',
    benefitsRequired: 'El campo de beneficios es requerido.',
    benefitsChars: 'Los beneficios debe contener letras y números sin caracteres especiales.',
    durationRequired: 'El campo de duracion es requerido.',
    durationFormat: 'Seleccionar la cantidad de meses en numeros.',
    priceRequired: 'El campo de precio es requerido.',
    priceFormat: 'El precio debe tener el formato adecuado.',
    renewingInvalid: 'Indica si el plan se renueva automáticamente',
    created: 'Plan creado exitosamente',
    updated: 'Cambios guardados exitosamente',
    deleted: 'Plan eliminado exitosamente',
    incomplete: 'Faltan datos',
    nameTaken: 'Ya existe un plan con ese nombre',
    restored: 'Plan restaurado exitosamente',
    cancelled: 'Acción cancelada',
  },
  users: {
    homeBranchUnknown: 'La sede elegida no existe',
    /** The users list's roles, as its filter, its sort and its CSV name them. */
    roles: {
      admin: 'Administrador',
      manager: 'Encargado de sede',
      desk: 'Recepción',
      trainer: 'Entrenador',
      member: 'Deportista',
    },
    /** Actions on a selection of the users list (issue 24, item 2). */
    bulk: {
      actionRequired: 'Elige qué hacer con los usuarios seleccionados',
      noneSelected: 'Selecciona al menos un usuario',
      tooMany: (max: number) => `Selecciona como máximo ${max} usuarios a la vez`,
      requestId: 'Falta el identificador de la operación. Vuelve a intentarlo.',
      self: 'No puedes suspender tu propia cuenta',
      done: (ok: number, total: number) =>
        ok === total
          ? total === 1
            ? 'Hecho para el usuario seleccionado'
            : `Hecho para los ${total} usuarios seleccionados`
          : `Hecho para ${ok} de ${total} usuarios`,
    },
    queryInvalid: (field: string) => `El filtro «${FILTER_NAMES[field] ?? field}» no es válido`,
    csv: {
      columns: ['Nombre', 'Email', 'Teléfono', 'Rol', 'Sede habitual', 'Plan', 'Estado', 'Inicio', 'Vence', 'Alta'],
      filename: (date: string) => `usuarios-${date}.csv`,
    },
    updated: 'Usuario actualizado correctamente',
    preferencesSaved: 'Preferencias guardadas',
    preferencesInvalid: 'Indica sí o no',
    restored: 'Usuario restaurado con éxito',
    deleted: 'Borrado exitoso',
    notFound: 'No se encontró el usuario',
    notSuspended: 'El usuario no está suspendido',
    alreadySuspended: 'El usuario ya está suspendido',
    lastAdmin: 'Debe quedar al menos un administrador activo',
    /** Erasing one's own account (issue 23, item 7; POST /users/erase, the profile). */
    erasure: {
      erased: 'Tu cuenta se eliminó. Gracias por haber entrenado con nosotros.',
      passwordRequired: 'Escribe tu contraseña para confirmar',
      passwordWrong: 'La contraseña no es correcta',
      emailRequired: 'Escribe tu correo electrónico para confirmar',
      emailWrong: 'El correo no coincide con el de tu cuenta',
      trainerTeaches:
        'No puedes eliminar tu cuenta mientras impartes clases. Pide a un administrador que asigne otro profesor a estas clases:',
      erasedAccount: 'Cuenta eliminada por su titular',
      notRestorable: 'Esta cuenta fue eliminada por su titular y no se puede restaurar',
    },
    /** Followed by the names of the classes, e.g. 'Yoga, Zumba.' (see trainerInUseMessage). */
    trainerTeaches:
      'No se puede eliminar al profesor porque imparte clases. Asigna otro profesor a estas clases primero:',
    trainerRoleTeaches:
      'No se puede quitar el rol de profesor porque imparte clases. Asigna otro profesor a estas clases primero:',
    wrongType: 'El valor enviado no tiene el tipo correcto',
  },
  lessons: {
    created: 'Clase creada exitosamente!',
    updated: 'Clase modificada con éxito',
    deleted: 'Clase eliminada correctamente',
    restored: 'Clase restaurada correctamente',
    notFound: 'No se encontró la clase',
    nameTaken: 'Ya existe una clase con ese nombre',
    unknownTrainer: 'El profesor no existe',
    /** A trainer named by full name when several active trainers have it: the id tells them apart. */
    ambiguousTrainer: (name: string, count: number) =>
      `Hay ${count} profesores llamados ${name}: indica cuál con su identificador (monitorId)`,
    unknownBranch: 'La sede no existe',
    unknownTypes: 'Tipo de ejercicio desconocido',
    unknownGoals: 'Meta desconocida',
    added: 'Clase añadida con éxito',
    /** 'Añadir clase' when some of the class's next sessions are full: the member waits for those. */
    addedWaiting: (label: string, position: number, others: number) =>
      `Clase añadida con éxito. La sesión del ${label} está llena: quedaste en su lista de espera (posición ${position})` +
      (others > 0 ? ` y en la de ${others} ${others === 1 ? 'sesión más' : 'sesiones más'}` : '') +
      '. Te avisaremos por correo si se libera un lugar.',
    removed: 'Quitaste la clase de tu horario: tus lugares en sus próximas sesiones quedaron libres',
    notHeld: 'La clase no está en tu horario',
    alreadyHeld: 'El usuario ya tiene esa clase',
    notAvailable: 'La clase no está disponible',
    membershipRequired: 'Necesitas una membresía activa para esta acción',
    restoreConflict: 'No se puede restaurar la clase',
  },
  /** Class sessions and their places (issue 22). */
  bookings: {
    book: 'Reservar',
    cancel: 'Cancelar reserva',
    leaveWaitlist: 'Salir de la lista de espera',
    confirmed: 'Reserva confirmada',
    waitlisted: (position: number) => `La clase está llena: quedaste en la lista de espera, posición ${position}`,
    alreadyConfirmed: 'Ya tienes un lugar en esta clase',
    alreadyWaiting: (position: number) => `Ya estás en la lista de espera, posición ${position}`,
    cancelled: 'Reserva cancelada',
    cancelledLate: 'Reserva cancelada fuera de plazo: cuenta como cancelación tardía',
    leftWaitlist: 'Saliste de la lista de espera',
    notBooked: 'No tienes una reserva en esta clase',
    sessionNotFound: 'No se encontró la sesión de la clase',
    sessionCancelled: 'Esta sesión fue cancelada',
    notOpenYet: (days: number) => `Las reservas abren ${days} ${days === 1 ? 'día' : 'días'} antes de la clase`,
    closed: 'La clase ya empezó: no se puede reservar ni cancelar',
    overlap: (name: string) => `Ya tienes una reserva a esa hora (${name})`,
    seatsLeft: (n: number) => (n === 1 ? 'Queda 1 lugar' : `Quedan ${n} lugares`),
    full: 'Clase llena',
    capacityLabel: 'Cupo',
    capacityRange: 'El cupo debe ser un número entero entre 1 y 1000',
    reasonRequired: 'Indica el motivo de la cancelación',
    reasonTooLong: 'El motivo no puede tener más de 200 caracteres',
    sessionUpdated: 'Sesión actualizada',
    sessionCancelledDone: 'Sesión cancelada: se avisó por correo a las personas con reserva',
    alreadyCancelled: 'La sesión ya estaba cancelada',
    calendarBooked: (name: string) => `Reserva: ${name}`,
    calendarWaiting: (name: string, position: number) => `En espera: ${name} (posición ${position})`,
    daysRange: (max: number) => `El periodo debe ser un número entero de días entre 1 y ${max}`,
    notYourSession: 'Solo el profesor de esta sesión puede ver su lista',
  },
  /** The private calendar feed (iCal) of a member or trainer. */
  feeds: {
    notFound: 'Este enlace de calendario no existe o fue reemplazado por uno nuevo',
    renewed: 'Listo: este es tu enlace nuevo. El anterior dejó de funcionar.',
    /** The lines of an event's description in the feed. */
    booked: (seat: number) => `Tienes el lugar ${seat} en esta clase.`,
    teaching: 'Das esta clase.',
    substituting: 'Das esta clase como profesor sustituto.',
    places: (taken: number, capacity: number, waiting: number) =>
      `${taken} de ${capacity} lugares ocupados${waiting > 0 ? `, ${waiting} en espera` : ''}.`,
    cancelled: (reason: string) => (reason ? `Sesión cancelada: ${reason}` : 'Sesión cancelada'),
  },
  /** Wider waits: any session of a class or an exercise type, on some days, in an hour band. */
  wishes: {
    targetRequired: 'Elige una clase o un tipo de ejercicio (solo uno de los dos)',
    daysRequired: 'Elige al menos un día de la semana',
    hoursRequired: 'Elige las horas de la franja',
    hoursOrder: 'La hora final debe ser posterior a la inicial',
    unknownLesson: 'No se encontró la clase',
    unknownType: 'No se encontró el tipo de ejercicio',
    tooMany: (max: number) => `Puedes esperar hasta ${max} franjas a la vez: quita una antes de añadir otra`,
    created:
      'Listo: el primer lugar que se libere en una sesión que encaje con tu franja será tuyo, y te avisaremos por correo',
    bookedNow: (label: string) => `Había un lugar libre: te reservamos ${label}`,
    removed: 'Dejaste de esperar esa franja',
    notFound: 'No se encontró esa espera',
  },
  /** Checking members in at the sede (the front desk scans or types the code of their profile). */
  checkin: {
    codeRequired: 'Escribe o escanea el código de la persona',
    branchRequired: 'Elige la sede',
    memberRequired: 'Indica la persona',
    invalidCode: 'El código no es válido o ya caducó: pide que abran su perfil y muestren el código actual',
    unknownBranch: 'No se encontró la sede',
    membershipInactive: (name: string) => `La membresía de ${name} no está activa`,
    noBooking: (name: string) => `${name} no tiene una reserva para ahora en esta sede`,
    wrongBranch: (name: string, lesson: string, branch: string) =>
      `${name} tiene reserva en ${lesson}, pero en la sede ${branch}`,
    tooEarly: (lesson: string, time: string, minutes: number) =>
      `Todavía es pronto: ${lesson} empieza a las ${time} y el check-in abre ${minutes} minutos antes`,
    notOpen: (minutes: number) => `El check-in abre ${minutes} minutos antes de la clase y cierra al terminar`,
    notTrainer: 'Solo puedes hacer el check-in en las clases que das',
    done: (name: string, lesson: string, time: string) => `Check-in hecho: ${name}, ${lesson} de las ${time}`,
    already: (name: string, lesson: string) => `${name} ya había hecho el check-in en ${lesson}`,
  },
  /** A class's days and hours against its sede's and its trainer's other classes (issue 18). */
  schedule: {
    branchClosed: (branch: string, closed: readonly string[], open: readonly string[]) =>
      `${theBranch(branch)} no abre ${onDays(closed)}: atiende ${listY(open)}`,
    startOutside: (branch: string, opens: string, closes: string) =>
      `${theBranch(branch)} atiende de ${opens} a ${closes}: la clase debe empezar dentro de ese horario`,
    finishOutside: (branch: string, opens: string, closes: string) =>
      `${theBranch(branch)} atiende de ${opens} a ${closes}: la clase debe terminar dentro de ese horario`,
    trainerBusy: (lesson: string, days: readonly string[], start: string, finish: string) =>
      `El profesor ya da la clase ${lesson} ${onDays(days)} de ${start} a ${finish}`,
    /** A sede's new days or hours would leave some of its classes outside; each item names one. */
    daysInUse: (lessons: readonly string[]) =>
      `Estas clases se dan en días que la sede dejaría de atender: ${lessons.join(', ')}`,
    startInUse: (lessons: readonly string[]) => `Estas clases empiezan antes de esa hora: ${lessons.join(', ')}`,
    finishInUse: (lessons: readonly string[]) => `Estas clases terminan después de esa hora: ${lessons.join(', ')}`,
    /** One item of the lists above: 'Spinning (Domingo)', 'HIIT (6:30 a 7:00)'. */
    lessonDays: (lesson: string, days: readonly string[]) => `${lesson} (${listY(days)})`,
    lessonHours: (lesson: string, start: string, finish: string) => `${lesson} (${start} a ${finish})`,
  },
  reviews: {
    created: 'Review Creada',
    failed: 'No se pudo crear la review',
    starsRange: 'Debes elegir de 1 a 5 estrellas',
    descriptionTooLong: 'El comentario no puede tener más de 500 caracteres',
  },
  payments: {
    success: 'Pago exitoso',
    cancelled: 'Pago cancelado',
    notFound: 'No se encontró el pago',
    notYours: 'Este pago pertenece a otra persona',
    notPending: 'Este pago ya no está pendiente',
    notDemo: 'Este pago no se confirma desde esta página',
    planRequired: 'Debes indicar el plan',
    stripeOff: 'Stripe no está configurado',
    badSignature: 'Firma del evento inválida',
    userRequired: 'Debes indicar el usuario',
    unavailable: 'Las compras en línea no están disponibles. Acércate a tu sede para adquirir tu plan.',
    /** What buying a plan does to the membership (memberships/index.ts), on /pagos/{id} and in the receipt. */
    purchaseRule: {
      new: (plan: string, end: string) => `${plan} empieza hoy y vence el ${end}.`,
      renewal: (plan: string, start: string, end: string) =>
        `Renuevas ${plan}: se suma al final de tu membresía actual, del ${start} al ${end}.`,
      change: (current: string, plan: string, start: string, end: string) =>
        `Tu plan actual, ${current}, sigue hasta el ${start}. ${plan} empieza ese día y vence el ${end}.`,
    },
    /** Refunds (issue 24, item 2): the admin's payments list. */
    refund: {
      done: (plan: string, end: string | null) =>
        end ? `Pago reembolsado. La membresía ahora vence el ${end}.` : `Pago de ${plan} reembolsado.`,
      notPaid: 'Solo se reembolsa un pago cobrado',
      already: 'Este pago ya fue reembolsado',
      inProgress: 'Este reembolso ya está en curso. Espera un momento y actualiza la lista.',
      providerFailed: 'Stripe no pudo hacer el reembolso. Inténtalo de nuevo en unos minutos.',
      reasonTooLong: 'El motivo puede tener hasta 200 caracteres',
    },
    csv: {
      columns: [
        'Fecha',
        'Socio',
        'Email',
        'Plan',
        'Sede habitual',
        'Medio de pago',
        'Estado',
        'Importe',
        'Moneda',
        'Recibo',
        'Reembolsado',
      ],
      filename: (date: string) => `pagos-${date}.csv`,
    },
  },
  /** Renewing plans (issue 23, item 2): the member's renewal, its charges, dunning and cancellation. */
  subscriptions: {
    alreadyRenewing:
      'Ya tienes un plan con renovación automática. Cancela su renovación antes de contratar otro que se renueve.',
    notFound: 'No tienes un plan con renovación automática',
    notStripe: 'Esta renovación no se gestiona con Stripe',
    notDemo: 'Esta renovación no usa la tarjeta de demostración',
    stripeInterval:
      'Stripe solo renueva planes de 1 a 12 meses, o de 24 o 36 meses. Cambia la duración del plan o véndelo como pago único.',
    cancelled: (date: string) => `Listo: tu plan no se renovará. Sigue activo hasta el ${date}.`,
    alreadyEnded: 'Esta renovación ya terminó',
    resumed: (date: string) => `Listo: tu plan se renovará el ${date}.`,
    cardSaved: 'Tarjeta de demostración actualizada',
    statuses: {
      active: 'Se renueva automáticamente',
      past_due: 'Pago pendiente',
      canceled: 'Renovación cancelada',
      lapsed: 'Vencida por falta de pago',
    },
    failedSubject: (gym: string, plan: string) => `${gym}: no pudimos cobrar la renovación de tu plan ${plan}`,
    failedText: (name: string, plan: string, amount: string, until: string) =>
      `Hola ${name}, el cobro de ${amount} para renovar tu plan ${plan} fue rechazado. ` +
      `Mantienes el acceso hasta el ${until}: actualiza tu tarjeta antes de esa fecha para no perderlo.`,
    updateCard: (url: string) => `Actualiza tu tarjeta desde tu perfil: ${url}`,
    lapsedSubject: (gym: string, plan: string) => `${gym}: tu plan ${plan} venció por falta de pago`,
    lapsedText: (name: string, plan: string) =>
      `Hola ${name}, no pudimos cobrar la renovación de tu plan ${plan} y tu membresía venció. ` +
      'Cuando contrates un plan nuevo podrás volver a reservar clases.',
    renewingSubject: (gym: string, plan: string, date: string) => `${gym}: tu plan ${plan} se renueva el ${date}`,
    renewingText: (name: string, plan: string, amount: string, date: string) =>
      `Hola ${name}, el ${date} renovaremos tu plan ${plan} y cobraremos ${amount} con la tarjeta que registraste. ` +
      'Si no quieres renovarlo, cancela la renovación desde tu perfil antes de esa fecha.',
  },
  /** Pausing a membership (issue 23, item 4): the rules' refusals, the answers and the profile's words. */
  pauses: {
    disabled: 'Tu gimnasio no permite pausar membresías desde la web. Consulta en recepción.',
    duration: (min: number, max: number) => `La pausa debe durar entre ${min} y ${max} días`,
    daysInvalid: 'Indica cuántos días quieres pausar (un número entero)',
    fromInvalid: 'Indica la fecha de inicio de la pausa',
    past: 'La pausa no puede empezar en una fecha pasada',
    notice: (days: number) => `Debes pedir la pausa con al menos ${days} ${days === 1 ? 'día' : 'días'} de antelación`,
    noMembership: 'No hay una membresía vigente en esa fecha que se pueda pausar',
    notStarted: 'La pausa debe empezar cuando la membresía ya haya comenzado',
    overlap: 'Ya hay una pausa en esas fechas',
    perYear: (count: number) =>
      count === 1
        ? 'Ya usaste la pausa permitida en los últimos 12 meses'
        : `Ya usaste las ${count} pausas permitidas en los últimos 12 meses`,
    paused: (from: string, until: string, end: string) =>
      `Listo: la membresía queda pausada del ${from} al ${until}. Ahora vence el ${end}.`,
    pausedUntil: (date: string) => `Pausada hasta el ${date}`,
    scheduled: (from: string, until: string) => `Pausa programada del ${from} al ${until}`,
    bookingPaused: 'Tu membresía está pausada en esa fecha: no puedes reservar clases durante la pausa',
    checkinPaused: (name: string) => `La membresía de ${name} está pausada`,
  },
  /** Announcements to members (issue 24, item 6) and the e-mail when a sede's hours change. */
  announcements: {
    subjectRequired: 'Escribe el asunto',
    subjectTooLong: 'El asunto puede tener hasta 120 caracteres',
    bodyRequired: 'Escribe el mensaje',
    bodyTooLong: 'El mensaje puede tener hasta 5000 caracteres',
    audienceRequired: 'Elige a quién enviarlo',
    branchRequired: 'Elige la sede',
    lessonRequired: 'Elige la clase',
    nobody: 'Nadie recibiría este anuncio con lo elegido',
    requestId: 'Falta el identificador del envío. Vuelve a intentarlo.',
    queued: (count: number) =>
      count === 1 ? 'Anuncio en camino a 1 persona.' : `Anuncio en camino a ${count} personas.`,
    audiences: {
      all: 'Todos los usuarios activos',
      branch: (name: string) => `Socios de ${name}`,
      lesson: (name: string) => `Socios de la clase ${name}`,
      selection: (count: number) => (count === 1 ? '1 usuario seleccionado' : `${count} usuarios seleccionados`),
      filtered: 'La lista de usuarios filtrada',
    },
    greeting: (name: string) => `Hola ${name},`,
    signature: (gym: string) => `— El equipo de ${gym}`,
    hoursChanged: {
      subject: (branch: string) => `Cambió el horario de ${branch}`,
      body: (branch: string, days: string, from: string, to: string) =>
        `El horario de ${branch} cambió. Desde ahora abre ${days}, de ${from} a ${to}.`,
    },
  },
  /** Numbered receipts: the PDF (receipts/pdf.ts), 'Mis pagos', the receipt e-mail. */
  receipts: {
    title: 'Recibo',
    number: 'Recibo n.º',
    issuedAt: 'Fecha',
    taxId: 'Identificación fiscal',
    member: 'Socio',
    email: 'Correo',
    concept: 'Concepto',
    membershipOf: (plan: string) => `Membresía ${plan}`,
    period: 'Vigencia',
    periodText: (start: string, end: string) => `del ${start} al ${end}`,
    method: 'Forma de pago',
    methods: { stripe: 'Tarjeta', demo: 'Tarjeta (demostración)', manual: 'En recepción' },
    /** A payment's state, as 'Mis pagos', the admin's payments and the audit trail name it. */
    statuses: { pending: 'Pendiente', paid: 'Pagado', cancelled: 'Cancelado', refunded: 'Reembolsado' },
    reference: 'Referencia',
    taxBase: 'Base imponible',
    tax: (rate: string) => `Impuestos (${rate} %)`,
    total: 'Total',
    taxIncluded: 'Impuestos incluidos.',
    thanks: 'Gracias por entrenar con nosotros.',
    anonymous: 'Socio anónimo',
    download: 'Descargar recibo',
    /** The button's name for a screen reader: its visible words first, then which receipt. */
    downloadLabel: (which: string) => `Descargar recibo ${which} (PDF)`,
    downloading: 'Descargando…',
    downloaded: 'Recibo descargado.',
    downloadFailed: 'No se pudo descargar el recibo. Inténtalo de nuevo.',
    missing: 'Este pago no tiene recibo',
    attached: 'Adjuntamos tu recibo en PDF.',
  },
  /** The membership e-mails (server/src/modules/users/membership-reminders.ts). */
  memberships: {
    endingSubject: (gym: string, plan: string, date: string) => `${gym}: tu membresía ${plan} vence el ${date}`,
    endingText: (name: string, plan: string, date: string, days: number) =>
      `Hola ${name}, tu membresía ${plan} vence el ${date} (${days === 0 ? 'hoy' : days === 1 ? 'mañana' : `en ${days} días`}). ` +
      'Si quieres seguir entrenando sin pausa, renuévala antes de esa fecha: el plan nuevo empieza el día que termina el actual.',
    lapsedSubject: (gym: string, plan: string) => `${gym}: tu membresía ${plan} venció`,
    lapsedText: (name: string, plan: string, date: string) =>
      `Hola ${name}, tu membresía ${plan} venció el ${date}. Cuando compres un plan nuevo podrás volver a reservar clases.`,
    seePlans: (url: string) => `Planes: ${url}`,
    optOut: (url: string) => `Puedes dejar de recibir estos recordatorios desde tu perfil: ${url}`,
  },
  events: {
    titleRequired: 'El título es requerido',
    titleTooLong: 'El título no puede tener más de 100 caracteres',
    startRequired: 'La fecha y hora inicial es requerida',
    endRequired: 'La fecha y hora final es requerida',
    endOrder: 'La fecha final debe ser posterior a la inicial',
    rangeRequired: 'Debes indicar el rango de fechas (start y end)',
    rangeTooLong: 'El rango de fechas no puede superar 62 días',
    created: 'Evento creado',
    deleted: 'Evento eliminado',
    notFound: 'No se encontró el evento',
    dragNotAllowed: 'No se puede cambiar la fecha de la clase!',
  },
  branches: {
    created: 'Sede creada con éxito',
    updated: 'Sede actualizada con éxito',
    deleted: 'Sede borrada con éxito',
    notFound: 'No se encontró la sede',
    nameTaken: 'Ya existe una sede con ese nombre',
    inUse: 'No se puede eliminar la sede porque tiene clases asignadas',
  },
  contactForm: {
    nameRequired: 'El nombre completo es requerido',
    subjectRequired: 'El asunto es requerido',
    emailRequired: 'El email es requerido',
    emailFormat: 'Debe ingresar un correo electrónico válido',
    noLineBreaks: 'No se permiten saltos de línea en este campo',
    messageTooLong: 'El mensaje no puede tener más de 5000 caracteres',
    sent: 'Mensaje enviado correctamente',
    failed: 'Intentelo nuevamente',
  },
  api: {
    validation: 'Hay datos inválidos en la solicitud',
    invalidJson: 'El cuerpo de la solicitud no es JSON válido',
    invalidId: 'El identificador no es válido',
    unauthenticated: 'Debes iniciar sesión',
    invalidSession: 'Tu sesión no es válida o expiró. Inicia sesión nuevamente.',
    forbidden: 'No tienes permiso para realizar esta acción',
    /** A sede manager or front desk reaching past their sede (issue 24, item 4). */
    outOfScope: 'Solo puedes gestionar a los socios, las clases y los pagos de tu sede',
    notFound: 'No se encontró el recurso solicitado',
    routeNotFound: 'La ruta solicitada no existe',
    conflict: 'El recurso ya existe',
    payloadTooLarge: 'La solicitud es demasiado grande',
    unsupportedMedia: 'El tipo de contenido no es compatible',
    missingAttributes: 'Faltan los datos del formulario',
    tooLong: 'El texto es demasiado largo',
    invalidValue: 'El valor no es válido',
    malformedUpload: 'El archivo enviado está incompleto o dañado',
    imageTooLarge: 'La imagen no puede pesar más de 5 MB',
    rateLimited: 'Demasiadas solicitudes, inténtalo más tarde',
    databaseUnavailable: 'La base de datos no está disponible',
    internal: 'Ocurrió un error inesperado, inténtalo nuevamente',
    planNotFound: 'No se encontró la membresía',
  },
} as const;

/** A refusal followed by the classes it is about: 'No se puede … primero: Yoga, Zumba.' */
export function withLessonNames(message: string, names: readonly string[]): string {
  return `${message} ${names.join(', ')}.`;
}
