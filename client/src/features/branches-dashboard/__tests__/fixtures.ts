import type { BranchDto } from '@pulso/shared';

export { apiError } from '../../../test/helpers';

export const CENTRO: BranchDto = {
  id: 'a'.repeat(24),
  name: 'Sede Centro',
  location: 'Avenida Juárez 123',
  image: 'http://localhost/uploads/centro.jpg',
  scheduleDays: ['Sábado', 'Lunes', 'Martes'],
  scheduleHourStart: '6:00',
  scheduleHourFinish: '23:00',
};

export const NORTE: BranchDto = {
  id: 'b'.repeat(24),
  name: 'Sede Norte',
  location: 'Calle Reforma 456',
  image: 'http://localhost/uploads/norte.jpg',
  scheduleDays: ['Lunes'],
  // Whole hours may arrive without minutes.
  scheduleHourStart: '7',
  scheduleHourFinish: '22',
};

/** A tiny file of the given type (its bytes do not matter to the form). */
export function imageFile(name = 'fachada.png', type = 'image/png'): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type });
}
