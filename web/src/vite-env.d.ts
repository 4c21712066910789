/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The client build's version, from package.json (web/vite.config.ts); the error reports carry it. */
  readonly VITE_APP_VERSION?: string;
}
