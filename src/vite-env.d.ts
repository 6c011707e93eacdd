/// <reference types="vite/client" />

/** The product version from package.json, shown in the sign-in footer. */
declare const __APP_VERSION__: string;
