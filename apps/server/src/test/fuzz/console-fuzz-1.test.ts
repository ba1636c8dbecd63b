import { consoleFuzzPart } from './fuzz-harness.ts';

// The console and public operations of the OpenAPI document, split over three files so vitest runs them in parallel.
consoleFuzzPart(0, 3, 55);
