import type { FieldError } from "../errors";
import type { ImportFormat } from "../schemas/import";

export type Renamed = { from: string; to: string };
export type Skipped = { name: string; reason: string };

/**
 * What `convert` hands the importer. `servers` are ServerInput-shaped but NOT validated yet: the importer
 * runs `serverInputSchema` over each. `errors` are conversion problems, by JSON pointer into the source.
 * `format` is null only when the text could not be parsed or recognised.
 */
export type ConvertedBundle = {
  format: ImportFormat | null;
  servers: unknown[];
  capabilities: unknown[];
  agents: unknown[];
  renamed: Renamed[];
  skipped: Skipped[];
  errors: FieldError[];
  /** By server name: the `${VAR}` placeholders that replaced its literal secrets (`secretsToPlaceholders`). */
  placeholders: Record<string, string[]>;
};

/** One server as a converter read it: still under its source name, with a pointer to where it came from. */
export type DraftServer = { source: string; server: Record<string, unknown> & { name: string } };

/** A converter's result, before names are mapped, descriptions defaulted and secrets replaced. */
export type Draft = {
  servers: DraftServer[];
  capabilities: unknown[];
  agents: unknown[];
  skipped: Skipped[];
  errors: FieldError[];
};

/** `capability`: the name a unified registry's tools become a capability under (`?capability=`). */
export type ConverterOptions = { capability?: string };
export type Converter = (document: unknown, options?: ConverterOptions) => Draft;
