// Markdown for replies (react-markdown renders no raw HTML, so model text cannot inject markup).
import ReactMarkdown from "react-markdown";

export function Markdown({ text }: { text: string }) {
	return (
		<div className="md">
			<ReactMarkdown>{text}</ReactMarkdown>
		</div>
	);
}
