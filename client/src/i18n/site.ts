/** Texts of the about, contact and access denied pages. */
export const siteEs = {
  about: {
    title: 'Nosotros',
    paragraphs: (gym: string) => [
      `${gym} nació con una idea sencilla: que entrenar sea parte de tu día y no una obligación. Por eso abrimos sedes cerca de donde vives y trabajas, con horarios amplios, equipos modernos y un ambiente donde todos se sienten bienvenidos, desde quien da sus primeros pasos hasta quien prepara su próxima competencia.`,
      `En ${gym} te acompaña un equipo de profesores certificados que planifica cada clase, sigue tu progreso y adapta la intensidad a tu nivel. Fuerza, cardio, movilidad o relajación: tienes más de diez disciplinas para moverte toda la semana y encontrar la que más te motiva.`,
    ],
    lessonsLink: 'Conoce nuestras clases',
    teamTitle: 'Nuestro equipo',
    teamSubtitle: 'Las personas que hacen posible cada clase y cada sede.',
    photoAlt: (name: string) => `Foto de ${name}`,
    professional: 'Perfil profesional',
    code: 'Perfil de código',
    professionalOf: (name: string) => `Perfil profesional de ${name}`,
    codeOf: (name: string) => `Perfil de código de ${name}`,
  },
  contact: {
    title: 'Contáctanos',
    text: (hours: number) =>
      `Escríbenos tus dudas, propuestas o comentarios. Te responderemos dentro de las próximas ${hours} horas.`,
    required: 'Los campos marcados con * son obligatorios.',
    name: 'Nombre completo*',
    subject: 'Asunto*',
    email: 'Email*',
    company: 'Empresa',
    message: 'Mensaje',
    send: 'ENVIAR',
    sending: 'ENVIANDO...',
    resultTitle: 'Resultado',
    accept: 'Aceptar',
  },
  denied: {
    title: 'Acceso denegado',
    text: 'No tienes permiso para ver esta página. Si crees que es un error, ingresa con una cuenta autorizada o vuelve al inicio.',
    home: 'Volver al inicio',
    login: 'Ingresar',
  },
} as const;
