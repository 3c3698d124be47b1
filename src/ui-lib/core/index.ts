// The core helpers in one import: option readers, errors, instance builders, scopes, listeners,
// values (deep copy and equality, numbers, colours, choices) and text (rich text, UTF-8).
export * from "./choices";
export * from "./color";
export * from "./create";
export * from "./deep";
export * from "./errors";
export * from "./listeners";
export * from "./numbers";
export * from "./options";
export * from "./rich-text";
export * from "./scope";
export * from "./utf8-text";
