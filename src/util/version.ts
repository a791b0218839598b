// The package's version, baked in by the build (scripts/build.mjs); tests run from source see a dev one.
declare const __VERSION__: string | undefined;
export const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';
