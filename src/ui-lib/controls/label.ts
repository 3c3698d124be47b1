// Label: a text row (Text and an optional Description). It holds no value.
import { Control, type ControlContext } from "./control";

export class LabelControl extends Control {
	constructor(context: ControlContext) {
		super("Label", context, "content", 0);
	}

	hasValue(): boolean {
		return false;
	}
}
