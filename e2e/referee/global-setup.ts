import { ensureBuild } from "../../lib/cli/ensure-build";

/** The referee starts Patchbay processes of its own: it needs only a build for the current sources. */
export default function setup() {
  ensureBuild();
}
