// The types of build-info.js, which build.py writes (build_info_module): what the build ships and the
// engine's facts the page needs before the engine is up.
export const BUILD: {
  version: string;
  archive: string;
  archiveHash: string;
  reader: string;
  stdlib: string;
  pyodide: string;
  files: number;
  levels: string[];
  symmetries: string[];
  symbols: string;
  domain: any;
};
