/**
 * Texts of 'Anuncios': writing an announcement to members and the list of those sent. What the server
 * says (its audiences, the queued message, the e-mail's greeting) comes from @pulso/shared.
 */
export const dashboardAnnouncementsEs = {
  title: 'Anuncios',
  intro:
    'Escribe un anuncio a los socios: a todos, a los de una sede, a los de una clase o a los usuarios que elegiste. Antes de enviarlo ves a cuántas personas llega y el correo que recibirán. Se envía de a poco, sin saturar el correo.',
  form: {
    label: 'Nuevo anuncio',
    subject: 'Asunto',
    body: 'Mensaje',
    bodyHint: 'Cada persona lo recibe con su nombre en el saludo.',
    audience: 'Para',
    audiences: {
      all: 'Todos los usuarios activos',
      branch: 'Los socios de una sede',
      lesson: 'Los socios de una clase',
      filtered: 'La lista de usuarios tal como está filtrada',
      selection: (n: number) => (n === 1 ? 'El usuario seleccionado' : `Los ${n} usuarios seleccionados`),
    },
    branch: 'Sede',
    lesson: 'Clase',
    choose: 'Seleccione',
    preview: 'Vista previa',
    previewing: 'Preparando la vista previa...',
    send: (n: number) => (n === 1 ? 'Enviar a 1 persona' : `Enviar a ${n} personas`),
    sending: 'Enviando...',
    reach: (n: number, who: string) => (n === 1 ? `Llega a 1 persona: ${who}.` : `Llega a ${n} personas: ${who}.`),
    sampleOf: (names: string[], more: number) => (more > 0 ? `${names.join(', ')} y ${more} más` : names.join(', ')),
    mailTitle: 'Así lo recibe',
    changed: 'Cambiaste el anuncio: vuelve a ver la vista previa antes de enviarlo.',
    confirmTitle: 'Enviar anuncio',
    confirm: (n: number) => (n === 1 ? '¿Enviar este anuncio a 1 persona?' : `¿Enviar este anuncio a ${n} personas?`),
    cancel: 'Cancelar',
    accept: 'Aceptar',
  },
  list: {
    title: 'Anuncios enviados',
    refresh: 'Actualizar',
    loading: 'Cargando anuncios...',
    loadError: 'No se pudieron cargar los anuncios.',
    empty: 'Todavía no se envió ningún anuncio.',
    caption: 'Anuncios, del más reciente al más antiguo',
    columns: {
      at: 'Fecha',
      subject: 'Asunto',
      audience: 'Para',
      state: 'Estado',
      sent: 'Enviados',
      failed: 'Fallidos',
      by: 'Por',
    },
    sendingState: (done: number, total: number) => `Enviando: ${done} de ${total}`,
    sentState: 'Enviado',
  },
};
