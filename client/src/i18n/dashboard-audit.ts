/**
 * Texts of the audit trail ('Registro de cambios') and of a record's history. The names of the
 * records, actions and fields come from @pulso/shared (AUDIT_*_LABELS), as the server keeps them.
 */
export const dashboardAuditEs = {
  title: 'Registro de cambios',
  intro:
    'Cada cambio que hace el personal desde el panel o la API: quién, cuándo, desde qué dirección y qué valores cambió. Nadie puede modificar ni borrar este registro.',
  filters: {
    label: 'Filtrar el registro',
    actor: 'Persona',
    anyActor: 'Todas las personas',
    entity: 'Qué se cambió',
    anyEntity: 'Todo',
    from: 'Desde',
    to: 'Hasta',
    clear: 'Limpiar filtros',
    found: (total: number) => (total === 1 ? '1 cambio encontrado' : `${total} cambios encontrados`),
  },
  loading: 'Cargando el registro...',
  loadError: 'No se pudo cargar el registro de cambios.',
  empty: 'No hay cambios registrados con esos filtros.',
  emptyAll: 'Todavía no hay cambios registrados: cada cambio que haga el personal aparecerá aquí.',
  caption: 'Cambios hechos por el personal, del más reciente al más antiguo',
  columns: {
    at: 'Fecha',
    actor: 'Persona',
    action: 'Acción',
    record: 'Registro',
    changes: 'Cambios',
    ip: 'Dirección IP',
  },
  what: 'cambios',
  noIp: '—',
  change: (label: string, before: string, after: string) => `${label}: ${before} → ${after}`,
  history: {
    title: 'Historial de cambios',
    loading: 'Cargando el historial...',
    loadError: 'No se pudo cargar el historial.',
    empty: 'Todavía no hay cambios hechos por el personal.',
    by: (name: string) => `por ${name}`,
  },
};
