import { INTENSITY_LEVELS } from '@pulso/shared';
import { es } from '../../../i18n/es';

/** Intensity 1-5 as five bars and 'n/5', announced as 'Intensidad n de 5'. */
export function IntensityMeter({ effort }: { effort: string }) {
  const level = Number(effort);
  return (
    <span className="intensity" role="img" aria-label={es.lessons.intensityLabel(effort)}>
      <span className="intensity__bars" aria-hidden="true">
        {INTENSITY_LEVELS.map((n) => (
          <span key={n} className={`intensity__bar${n <= level ? ' is-on' : ''}`} />
        ))}
      </span>
      <span className="intensity__value" aria-hidden="true">
        {es.lessons.intensityValue(effort)}
      </span>
    </span>
  );
}
