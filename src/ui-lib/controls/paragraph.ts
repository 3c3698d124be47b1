// Paragraph: a title (Text) over a wrapping body (Content, or Description). SetText changes the
// title and SetDescription the body. It holds no value; it is not a transcript (see List).
import { Control, type ControlContext } from "./control";

export class ParagraphControl extends Control {
	constructor(context: ControlContext) {
		const options = context.options;
		if (options.Content !== undefined) options.Description = options.Content;
		super("Paragraph", context, "content", 0);
		this.labelStyle = "Heading";
		this.core.type.restyle(this.labelText, "Heading");
	}

	hasValue(): boolean {
		return false;
	}
}
