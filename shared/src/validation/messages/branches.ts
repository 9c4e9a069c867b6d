export const created = 'Sede creada con éxito';
export const updated = 'Sede actualizada con éxito';
export const deleted = 'Sede borrada con éxito';
export const notFound = 'No se encontró la sede';
export const nameTaken = 'Ya existe una sede con ese nombre';
export const inUse = 'No se puede eliminar la sede porque tiene clases asignadas';
