import { create } from 'zustand';
import type { PublicConfigDto } from '@pulso/shared';
import { getPublicConfig } from './api/get-public-config';

export type DisplayMode = 'Light' | 'Dark';

interface UiState {
  /** Display mode; starts Light (SPEC §3). */
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

export const DEFAULT_SITE: PublicConfigDto = { gymName: 'Pulso', currency: 'usd', googleClientId: null };

export const useUiStore = create<UiState>()((set) => ({
  mode: 'Light',
  plansClicked: false,
  site: DEFAULT_SITE,
  setLight: () => set({ mode: 'Light' }),
  setDark: () => set({ mode: 'Dark' }),
  setPlansClicked: (value) => set({ plansClicked: value }),
  loadSite: async () => {
    try {
      set({ site: await getPublicConfig() });
    } catch {
      // The defaults stay: branding is not worth an error screen.
    }
  },
}));
