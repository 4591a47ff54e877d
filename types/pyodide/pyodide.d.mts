// The Pyodide module the worker imports from dist/pyodide/ (build.py copies it from node_modules/pyodide):
// its own declarations, for the type checker (tsconfig.worker.json).
export * from "pyodide";
