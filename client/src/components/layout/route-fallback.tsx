import { es } from '../../i18n/es';
import { Spinner } from '../ui/spinner';

/**
 * What a code-split route shows while its module downloads on the first load of the page (React
 * Router's `HydrateFallback`); later navigations keep the previous page until the new one is ready.
 */
export function RouteFallback() {
  return (
    <div className="route-fallback">
      <Spinner label={es.common.loading} />
    </div>
  );
}
