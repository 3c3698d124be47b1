// The client's UTF-8 byte cut (runtime/text_limit), shared with the app so the app's previews and
// markdown rows cut text as the client does. UI LIB keeps its own copy so that it ships alone.
export { utf8Prefix } from "../runtime/text_limit";
