/**
 * The team shown on /nosotros (SPEC §2.7: seven people, §9). This is fictional demo data: a gym edits
 * this list and replaces the photos under client/public/team/ (320×320 images; see
 * scripts/make-team-photos.mjs for the demo ones). The profile links are placeholders on example.com.
 */
export interface TeamMember {
  name: string;
  role: string;
  /** Served from client/public. */
  photo: string;
  /** A professional profile (e.g. LinkedIn). */
  professionalUrl: string;
  /** A code profile (e.g. GitHub). */
  codeUrl: string;
}

const profile = (slug: string) => ({
  professionalUrl: `https://www.example.com/perfil/${slug}`,
  codeUrl: `https://www.example.com/codigo/${slug}`,
});

export const TEAM: readonly TeamMember[] = [
  { name: 'Lucía Fernández', role: 'Directora general', photo: '/team/equipo-1.jpg', ...profile('lucia-fernandez') },
  { name: 'Mateo Rodríguez', role: 'Jefe de entrenadores', photo: '/team/equipo-2.jpg', ...profile('mateo-rodriguez') },
  { name: 'Valentina Gómez', role: 'Nutricionista', photo: '/team/equipo-3.jpg', ...profile('valentina-gomez') },
  {
    name: 'Camila Herrera',
    role: 'Profesora de yoga y pilates',
    photo: '/team/equipo-4.jpg',
    ...profile('camila-herrera'),
  },
  { name: 'Tomás Álvarez', role: 'Desarrollador web', photo: '/team/equipo-5.jpg', ...profile('tomas-alvarez') },
  { name: 'Sofía Martínez', role: 'Coordinadora de sedes', photo: '/team/equipo-6.jpg', ...profile('sofia-martinez') },
  { name: 'Julián Castro', role: 'Entrenador de fuerza', photo: '/team/equipo-7.jpg', ...profile('julian-castro') },
];
