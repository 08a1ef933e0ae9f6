import { Prisma } from "../generated/prisma/client";

/** Prisma's error codes are translated here, never matched by message text. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
