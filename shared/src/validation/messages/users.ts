import { FILTER_NAMES } from './helpers';

export const homeBranchUnknown = 'La sede elegida no existe';
/** The users list's roles, as its filter, its sort and its CSV name them. */
export const roles = {
  admin: 'Administrador',
  manager: 'Encargado de sede',
  desk: 'Recepción',
  trainer: 'Entrenador',
  member: 'Deportista',
} as const;
/** Actions on a selection of the users list (issue 24, item 2). */
export const bulk = {
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
} as const;
export const queryInvalid = (field: string) => `El filtro «${FILTER_NAMES[field] ?? field}» no es válido`;
export const csv = {
  columns: ['Nombre', 'Email', 'Teléfono', 'Rol', 'Sede habitual', 'Plan', 'Estado', 'Inicio', 'Vence', 'Alta'],
  filename: (date: string) => `usuarios-${date}.csv`,
} as const;
export const updated = 'Usuario actualizado correctamente';
export const preferencesSaved = 'Preferencias guardadas';
export const preferencesInvalid = 'Indica sí o no';
export const restored = 'Usuario restaurado con éxito';
export const deleted = 'Borrado exitoso';
export const notFound = 'No se encontró el usuario';
export const notSuspended = 'El usuario no está suspendido';
export const alreadySuspended = 'El usuario ya está suspendido';
export const lastAdmin = 'Debe quedar al menos un administrador activo';
/** Erasing one's own account (issue 23, item 7; POST /users/erase, the profile). */
export const erasure = {
  erased: 'Tu cuenta se eliminó. Gracias por haber entrenado con nosotros.',
  passwordRequired: 'Escribe tu contraseña para confirmar',
  passwordWrong: 'La contraseña no es correcta',
  emailRequired: 'Escribe tu correo electrónico para confirmar',
  emailWrong: 'El correo no coincide con el de tu cuenta',
  trainerTeaches:
    'No puedes eliminar tu cuenta mientras impartes clases. Pide a un administrador que asigne otro profesor a estas clases:',
  erasedAccount: 'Cuenta eliminada por su titular',
  notRestorable: 'Esta cuenta fue eliminada por su titular y no se puede restaurar',
} as const;
/** Followed by the names of the classes, e.g. 'Yoga, Zumba.' (see trainerInUseMessage). */
export const trainerTeaches =
  'No se puede eliminar al profesor porque imparte clases. Asigna otro profesor a estas clases primero:';
export const trainerRoleTeaches =
  'No se puede quitar el rol de profesor porque imparte clases. Asigna otro profesor a estas clases primero:';
export const wrongType = 'El valor enviado no tiene el tipo correcto';
