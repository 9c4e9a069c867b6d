/**
 * The team shown on /nosotros (seven people). This is fictional demo data: a gym edits
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

/**
 * The trainers among them carry exactly the names of the demo trainer accounts (shared/src/demo), so a
 * class page and this page name them alike.
 */
export const TEAM: readonly TeamMember[] = [
  {
    name: 'Lucía Fernández',
    role: 'Directora general y profesora de yoga',
    photo: '/team/equipo-1.jpg',
    ...profile('lucia-fernandez'),
  },
  { name: 'Mateo Gómez', role: 'Jefe de entrenadores', photo: '/team/equipo-2.jpg', ...profile('mateo-gomez') },
  {
    name: 'Valentina Ríos',
    role: 'Profesora de zumba y aeróbicos',
    photo: '/team/equipo-3.jpg',
    ...profile('valentina-rios'),
  },
  { name: 'Camila Herrera', role: 'Nutricionista', photo: '/team/equipo-4.jpg', ...profile('camila-herrera') },
  { name: 'Tomás Álvarez', role: 'Desarrollador web', photo: '/team/equipo-5.jpg', ...profile('tomas-alvarez') },
  { name: 'Daniela Ortiz', role: 'Coordinadora de sedes', photo: '/team/equipo-6.jpg', ...profile('daniela-ortiz') },
  {
    name: 'Carlos Ruiz',
    role: 'Entrenador de cardio y funcional',
    photo: '/team/equipo-7.jpg',
    ...profile('carlos-ruiz'),
  },
];
