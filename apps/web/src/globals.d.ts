/** Set by vite.config.ts at build time. */
declare const __APP_VERSION__: string;
/** The map's own scripts as the build named them (vite.config.ts): the page's first script asks for them on /Map. */
declare const __MAP_PRELOAD__: { modules: string[]; worker: string | null };
