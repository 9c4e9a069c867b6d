import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

/** Logs the Core Web Vitals of the page as the browser reports them (development only, see main.tsx). */
export function logWebVitals(log: (metric: Metric) => void = defaultLog): void {
  onCLS(log);
  onFCP(log);
  onINP(log);
  onLCP(log);
  onTTFB(log);
}

function defaultLog(metric: Metric): void {
  const value = metric.name === 'CLS' ? metric.value.toFixed(3) : `${Math.round(metric.value)} ms`;
  console.info(`[web-vitals] ${metric.name} ${value} (${metric.rating})`);
}
