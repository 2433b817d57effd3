import { createContext, type ReactNode } from 'react';

/**
 * What every page's title bar shows beside the language switch, as the app decides
 * (app/app-layout.tsx: the notifications bell). Nothing by default, so the page frame depends
 * on no feature.
 */
export const PageActions = createContext<ReactNode>(null);
