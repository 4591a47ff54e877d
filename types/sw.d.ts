// What build.py writes into sw.js (write_service_worker): the files to precache, those whose name fixes
// their content, and those cached when first fetched. For the type checker alone (tsconfig.worker.json).
declare const __PRECACHE__: string[];
declare const __FIXED__: string[];
declare const __LAZY__: string[];
