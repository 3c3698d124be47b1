// `uai.providers`: saved provider records, the preset gallery and routing measurements.
export type { PublicProviders, TestResult } from "../provider/registry";
export type { Protocol, ProviderRecord, StringMap } from "../provider/record";
export type { PresetDescription } from "../provider/descriptions";
export type { ProbeView } from "../provider/routing/measurements";
