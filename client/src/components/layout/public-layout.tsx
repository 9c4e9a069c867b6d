import { useDeferredValue } from 'react';
import { useOutlet } from 'react-router-dom';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Public pages: navigation bar, the page, and the footer (hidden on dashboard paths, SPEC §2.1). */
export function PublicLayout() {
  // The bar and footer come with the first, short render; the page itself follows as a background
  // render that React splits into slices of a few milliseconds, instead of one long task at start-up.
  const page = useDeferredValue(useOutlet(), null);
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <Navbar />
      <main id="main" className="layout__main">
        {page}
      </main>
      <Footer />
    </div>
  );
}
