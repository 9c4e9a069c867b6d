import { startTransition, useEffect, useState } from 'react';
import { useOutlet } from 'react-router-dom';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Public pages: navigation bar, the page, and the footer (hidden on dashboard paths). */
export function PublicLayout() {
  const outlet = useOutlet();
  // At start-up the bar and footer come with the first, short render; the page itself follows as a
  // background render (a transition) that React splits into slices of a few milliseconds, instead of
  // one long task. Only that first render waits: a deferred page would lag one render behind every
  // page change, and Back (which React renders at once) restored the scroll position on the page
  // being left, too short to hold it.
  const [started, setStarted] = useState(false);
  useEffect(() => startTransition(() => setStarted(true)), []);
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <Navbar />
      <main id="main" className="layout__main">
        {started ? outlet : null}
      </main>
      <Footer />
    </div>
  );
}
