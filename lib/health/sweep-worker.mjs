// Entry of the sweep worker thread: not bundled by Next, so it loads the TypeScript sources through tsx
// (a dependency, as for `npm start`).
import { tsImport } from "tsx/esm/api";

await tsImport("./sweep-worker-main.ts", import.meta.url);
