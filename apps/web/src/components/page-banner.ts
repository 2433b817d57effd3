import { createContext, type ReactNode } from 'react';

/**
 * What every page shows above its title bar, inside the sticky header, as the app decides
 * (app/app-layout.tsx: the staff banner while staff look at a distributor). Nothing by default.
 * A module of its own, so the app layout gives it without loading the page frame (antd-mobile).
 */
export const PageBanner = createContext<ReactNode>(null);
