import type { z } from 'zod';
import type { BackendManifest } from './backend-manifest.js';
import type { backendManifestSchema } from './backend-manifest-schema.js';

type Inferred = z.infer<typeof backendManifestSchema>;

/** Compiles only when `Actual` and `Expected` are assignable to each other. */
type MutuallyAssignable<Actual, Expected> = [Actual] extends [Expected]
  ? [Expected] extends [Actual]
    ? true
    : false
  : false;

export const schemaMatchesManifestType: MutuallyAssignable<Inferred, BackendManifest> = true;
