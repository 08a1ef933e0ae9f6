import type { ComponentProps } from "react";

import { cx } from "./class-names";
import { controlClass } from "./input";

export function Textarea({ className, rows = 3, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cx(controlClass, "py-2", className)} {...props} />;
}
