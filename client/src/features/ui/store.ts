import { create } from 'zustand';
import { PAUSE_DEFAULTS, type PublicConfigDto } from '@pulso/shared';
import { getPublicConfig } from './api/get-public-config';

export type DisplayMode = 'Light' | 'Dark';

interface UiState {
  /** Display mode; starts Light. */
  mode: DisplayMode;
  /** Set by the navigation bar's 'Planes' so the landing page scrolls to its plans. */
  plansClicked: boolean;
  /** Branding and settings the server exposes to the SPA. */
  site: PublicConfigDto;
  setLight: () => void;
  setDark: () => void;
  setPlansClicked: (value: boolean) => void;
  loadSite: () => Promise<void>;
}

const MODE_KEY = 'mode';

/** The visitor's last choice; Light until they pick Dark. */
function storedMode(): DisplayMode {
  try {
    return localStorage.getItem(MODE_KEY) === 'Dark' ? 'Dark' : 'Light';
  } catch {
    return 'Light';
  }
}

function saveMode(mode: DisplayMode): DisplayMode {
  try {
    localStorage.setItem(MODE_KEY, mode);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
  return mode;
}

/** Until `GET /api/config` answers: purchases are assumed possible (the API refuses them when not). */
export const DEFAULT_SITE: PublicConfigDto = {
  gymName: 'Pulso',
  currency: 'usd',
  googleClientId: null,
  payments: 'demo',
  pauses: { ...PAUSE_DEFAULTS },
};

/** The spec's utils store: display mode, the 'Planes' click and the site's public settings. */
export const useUiStore = create<UiState>()((set) => ({
  mode: storedMode(),
  plansClicked: false,
  site: DEFAULT_SITE,
  setLight: () => set({ mode: saveMode('Light') }),
  setDark: () => set({ mode: saveMode('Dark') }),
  setPlansClicked: (value) => set({ plansClicked: value }),
  loadSite: async () => {
    try {
      set({ site: await getPublicConfig() });
    } catch {
      // The defaults stay: branding is not worth an error screen.
    }
  },
}));
