// Locks the scrolling ancestors of a control during a horizontal drag (slider, colour bars), so
// the page does not scroll under the finger; unlocking restores what each frame had.

export function lockScrolling(instance: Instance): () => void {
	const locked: ScrollingFrame[] = [];
	let node = instance.Parent;
	while (node !== undefined) {
		if (node.IsA("ScrollingFrame") && node.ScrollingEnabled) {
			node.ScrollingEnabled = false;
			locked.push(node);
		}
		node = node.Parent;
	}
	let done = false;
	return () => {
		if (done) return;
		done = true;
		for (const frame of locked) {
			if (frame.Parent !== undefined) frame.ScrollingEnabled = true;
		}
	};
}
