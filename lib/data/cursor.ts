import { InvalidInputError } from "../errors";
import { NAME_PATTERN } from "../schemas/common";

/** A cursor is the last name of the previous page, opaque to clients. */
export function encodeCursor(name: string): string {
  return Buffer.from(name, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): string {
  const name = Buffer.from(cursor, "base64url").toString("utf8");
  if (!NAME_PATTERN.test(name)) {
    throw new InvalidInputError("The cursor is not one this server gave out.", [{ path: "/cursor", message: "is invalid" }]);
  }
  return name;
}
