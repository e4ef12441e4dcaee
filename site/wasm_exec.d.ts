// wasm_exec.d.ts types Go's wasm_exec.js, which the build copies beside the
// page's scripts from the toolchain (site/build.go): its Go class runs a
// module's Go runtime. The type check (site/tsconfig.json) reads it for
// the import of ./wasm_exec.js.
export {};

declare global {
  var Go: (new () => {
    importObject: WebAssembly.Imports;
    env: Record<string, string>; // the runtime's environment (GOGC, GODEBUG), read as it starts
    run(instance: WebAssembly.Instance): Promise<void>;
  }) | undefined;
}
