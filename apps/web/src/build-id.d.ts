/** Set by vite.config.ts at build time; the persisted query cache is kept per build. */
declare const __KARYA_BUILD_ID__: string;
