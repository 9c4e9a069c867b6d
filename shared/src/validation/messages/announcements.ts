export const subjectRequired = 'Escribe el asunto';
export const subjectTooLong = 'El asunto puede tener hasta 120 caracteres';
export const bodyRequired = 'Escribe el mensaje';
export const bodyTooLong = 'El mensaje puede tener hasta 5000 caracteres';
export const audienceRequired = 'Elige a quién enviarlo';
export const branchRequired = 'Elige la sede';
export const lessonRequired = 'Elige la clase';
export const nobody = 'Nadie recibiría este anuncio con lo elegido';
export const requestId = 'Falta el identificador del envío. Vuelve a intentarlo.';
export const queued = (count: number) =>
  count === 1 ? 'Anuncio en camino a 1 persona.' : `Anuncio en camino a ${count} personas.`;
export const audiences = {
  all: 'Todos los usuarios activos',
  branch: (name: string) => `Socios de ${name}`,
  lesson: (name: string) => `Socios de la clase ${name}`,
  selection: (count: number) => (count === 1 ? '1 usuario seleccionado' : `${count} usuarios seleccionados`),
  filtered: 'La lista de usuarios filtrada',
} as const;
export const greeting = (name: string) => `Hola ${name},`;
export const signature = (gym: string) => `— El equipo de ${gym}`;
export const hoursChanged = {
  subject: (branch: string) => `Cambió el horario de ${branch}`,
  body: (branch: string, days: string, from: string, to: string) =>
    `El horario de ${branch} cambió. Desde ahora abre ${days}, de ${from} a ${to}.`,
} as const;
