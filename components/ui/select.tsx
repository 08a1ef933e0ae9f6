import type { ComponentProps } from "react";

import { cx } from "./class-names";
import { controlClass } from "./input";

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cx(controlClass, "h-10 pr-8", className)} {...props} />;
}
