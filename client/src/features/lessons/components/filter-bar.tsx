import { useId, useRef, useState, type FormEvent } from 'react';
import { INTENSITY_LEVELS, type LoadStatus } from '@pulso/shared';
import { es } from '../../../i18n/es';
import { activeFilterCount, type EffortOrder, type LessonFilters } from '../filter';
import { FilterIcon, TrashIcon } from './icons';

interface FilterBarProps {
  /** The applied filters. */
  filters: LessonFilters;
  /** Exercise types fetched from the server. */
  types: string[];
  typesStatus: LoadStatus;
  typesError: string | null;
  onRetryTypes: () => void;
  /** Applies a change at once (ordering, a cleared group, 'filtrar'). */
  onChange: (change: Partial<LessonFilters>) => void;
  /** The trash icon: every filter and the order back to their defaults. */
  onReset: () => void;
}

const toggle = <T,>(list: readonly T[], value: T) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/**
 * The /clases filter bar. Ordering (the 'Alfabeto' toggle, by intensity) applies at once;
 * intensity and type choices are picked first and applied with 'filtrar'. 'Borrar' clears its group
 * and the trash icon resets everything. On phones the bar folds behind a 'Mostrar filtros' button.
 */
export function FilterBar({
  filters,
  types,
  typesStatus,
  typesError,
  onRetryTypes,
  onChange,
  onReset,
}: FilterBarProps) {
  const t = es.lessons.filters;
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [draftTypes, setDraftTypes] = useState(filters.types);
  const [draftLevels, setDraftLevels] = useState(filters.levels);
  // When the applied filters change from outside (reset, 'Intenta de nuevo'), the choices follow.
  const [applied, setApplied] = useState(filters);
  if (applied.types !== filters.types || applied.levels !== filters.levels) {
    setApplied(filters);
    setDraftTypes(filters.types);
    setDraftLevels(filters.levels);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ types: draftTypes, levels: [...draftLevels].sort((a, b) => a - b) });
    // On phones the open panel covers the results: fold it and keep the keyboard on its toggle.
    if (open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  const active = activeFilterCount(filters);

  return (
    <form className="filter-bar" aria-label={t.title} onSubmit={submit}>
      <button
        ref={toggleRef}
        type="button"
        className="button filter-bar__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <FilterIcon />
        {open ? t.hide : t.show}
        {active > 0 && (
          <>
            <span className="filter-bar__count" aria-hidden="true">
              {active}
            </span>
            <span className="visually-hidden">{t.active(active)}</span>
          </>
        )}
      </button>

      <div id={panelId} className={`filter-bar__panel${open ? ' is-open' : ''}`}>
        <div className="filter-bar__group filter-bar__sort" role="group" aria-label={t.sort}>
          <span className="filter-bar__legend" aria-hidden="true">
            {t.sort}
          </span>
          <button
            type="button"
            className="button button--small filter-bar__alpha"
            aria-pressed={filters.effort === 'none'}
            aria-label={t.alphabetLabel(filters.alpha)}
            // The label names the alphabetical order the list has while the button is pressed: from
            // 'Por intensidad' a press brings that order back; pressed again, it flips A-Z and Z-A.
            onClick={() =>
              onChange(filters.effort === 'none' ? { alpha: filters.alpha === 'az' ? 'za' : 'az' } : { effort: 'none' })
            }
          >
            {t.alphabet} {filters.alpha === 'az' ? t.az : t.za}
          </button>
          <label className="filter-bar__select">
            <span>{t.effortSort}</span>
            <select value={filters.effort} onChange={(e) => onChange({ effort: e.target.value as EffortOrder })}>
              <option value="none">{t.effortNone}</option>
              <option value="hardest">{t.hardest}</option>
              <option value="easiest">{t.easiest}</option>
            </select>
          </label>
        </div>

        <fieldset className="filter-bar__group">
          <legend className="filter-bar__legend">{t.intensity}</legend>
          <div className="filter-bar__chips">
            {INTENSITY_LEVELS.map((level) => (
              <label key={level} className="chip" title={t.level(level)}>
                <input
                  type="checkbox"
                  name="intensity"
                  value={level}
                  checked={draftLevels.includes(level)}
                  onChange={() => setDraftLevels((l) => toggle(l, level))}
                  aria-label={t.level(level)}
                />
                <span aria-hidden="true">{level}</span>
              </label>
            ))}
          </div>
          <button
            type="button"
            className="filter-bar__clear"
            aria-label={t.clearIntensity}
            onClick={() => {
              setDraftLevels([]);
              onChange({ levels: [] });
            }}
          >
            {t.clear}
          </button>
        </fieldset>

        <fieldset className="filter-bar__group filter-bar__types">
          <legend className="filter-bar__legend">{t.types}</legend>
          {typesStatus === 'failed' ? (
            <p className="filter-bar__note filter-bar__note--error" role="alert">
              {t.typesError} {typesError}{' '}
              <button type="button" className="filter-bar__clear" onClick={onRetryTypes}>
                {es.common.retry}
              </button>
            </p>
          ) : typesStatus !== 'succeeded' ? (
            <p className="filter-bar__note" role="status">
              {t.typesLoading}
            </p>
          ) : (
            <div className="filter-bar__chips">
              {types.map((type) => (
                <label key={type} className="chip">
                  <input
                    type="checkbox"
                    name="types"
                    value={type}
                    checked={draftTypes.includes(type)}
                    onChange={() => setDraftTypes((l) => toggle(l, type))}
                  />
                  <span>{type}</span>
                </label>
              ))}
            </div>
          )}
          <button
            type="button"
            className="filter-bar__clear"
            aria-label={t.clearTypes}
            onClick={() => {
              setDraftTypes([]);
              onChange({ types: [] });
            }}
          >
            {t.clear}
          </button>
        </fieldset>

        <div className="filter-bar__actions">
          <button type="submit" className="button button--primary">
            {t.apply}
          </button>
          <button
            type="button"
            className="button filter-bar__reset"
            aria-label={t.resetAll}
            title={t.resetAll}
            onClick={onReset}
          >
            <TrashIcon />
          </button>
        </div>
      </div>
    </form>
  );
}
