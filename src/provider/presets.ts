// The preset catalog as data (docs/PROVIDER_COMPATIBILITY.md, "Preset catalog"), each base URL
// taken from the vendor's own API documentation (the `source` of the entry). A preset is a starting
// record — base URL, protocol, auth style, tier, description — never a model list: model ids come
// from the user or from discovery. Vendors whose documentation the catalog could not confirm are
// left out and stay reachable through the Custom endpoint (docs/PROVIDER_COMPATIBILITY.md lists
// them).
import { AuthStyle, Protocol, StringMap } from "./record";

/** Access, not capability: free (or a hybrid's free half), paid, or a server on your machine. */
export type Tier = "free" | "paid" | "local";

export interface Preset {
	readonly id: string;
	readonly label: string;
	readonly baseUrl: string;
	readonly api: Protocol;
	readonly authStyle: AuthStyle;
	readonly tier: Tier;
	/** Replaces the tier's name in the gallery ("Included" for Project UAI Free). */
	readonly badge?: string;
	/** One line shown before a key exists. */
	readonly description: string;
	/** Where the base URL and auth were taken from. */
	readonly source: string;
	/** Headers the vendor documents (attribution, versions), copied into a new record. */
	readonly headers?: StringMap;
	readonly query?: StringMap;
	/** The deployment in the URL selects the model: no model id is needed or sent. */
	readonly modelInUrl?: boolean;
	/** What a local server needs for agent use (docs/PROVIDER_COMPATIBILITY.md, "Local servers"). */
	readonly requirements?: string;
	/** Setup documentation for a local server. */
	readonly setup?: string;
}

type Extra = Partial<Omit<Preset, "id" | "label" | "baseUrl" | "tier" | "description" | "source">>;

/** A Chat Completions preset with Bearer auth, the shape most vendors document. */
function chat(
	id: string,
	label: string,
	baseUrl: string,
	tier: Tier,
	description: string,
	source: string,
	extra: Extra = {},
): Preset {
	return { id, label, baseUrl, api: "openai", authStyle: "bearer", tier, description, source, ...extra };
}

const SEED = "seed 002, Provider compatibility and WebSockets (3.6.6)";
const ATTRIBUTION = { "X-Title": "Project UAI" };

function localServer(id: string, label: string, port: number, requirements: string, setup?: string): Preset {
	const description = `A ${label} server on this machine (port ${port}); needs an executor HTTP function.`;
	return chat(id, label, `http://127.0.0.1:${port}/v1`, "local", description, `${SEED}, Local servers`, {
		authStyle: "none",
		requirements,
		setup,
	});
}

/** Gallery order: the routed presets (the routing matrix) first, then the Chat Completions vendors, then local servers. */
export const PRESETS: ReadonlyArray<Preset> = [
	chat(
		"hcnsec",
		"Project UAI Free (HCNSEC)",
		"https://api.hcnsec.cn/v1",
		"free",
		"Community relay with an auto router; this build ships no shared key, so add your HCNSEC key.",
		`${SEED}, Preset routing matrix`,
		{ badge: "Included" },
	),
	{
		id: "agentrouter",
		label: "AgentRouter",
		baseUrl: "https://agentrouter.org/v1",
		api: "anthropic",
		authStyle: "x-api-key",
		tier: "free",
		description:
			"Relay with starter credits, over the Messages protocol; recovers through the UAI proxy when refused.",
		source: `${SEED}, Preset routing matrix`,
	},
	{
		id: "anthropic",
		label: "Anthropic (Messages API)",
		baseUrl: "https://api.anthropic.com/v1",
		api: "anthropic",
		authStyle: "x-api-key",
		tier: "paid",
		description: "Claude models over Anthropic's own Messages API.",
		source: "https://platform.claude.com/docs/en/api/models-list",
	},
	{
		id: "google",
		label: "Google Gemini",
		baseUrl: "https://generativelanguage.googleapis.com/v1beta",
		api: "gemini",
		authStyle: "x-goog-api-key",
		tier: "free",
		description: "Gemini over its native API; free tier with rate limits, paid tier for more.",
		source: "https://ai.google.dev/api/models",
	},
	chat(
		"azure-foundry",
		"Azure AI Foundry",
		"https://YOUR-RESOURCE.openai.azure.com/openai/v1",
		"paid",
		"Your Azure OpenAI or Foundry resource through the v1 API; replace YOUR-RESOURCE.",
		"https://learn.microsoft.com/en-us/azure/foundry/openai/api-version-lifecycle",
		{ authStyle: "api-key" },
	),
	chat(
		"azure",
		"Azure OpenAI (deployment path)",
		"https://YOUR-RESOURCE.openai.azure.com/openai/deployments/YOUR-DEPLOYMENT",
		"paid",
		"One Azure OpenAI deployment with a dated api-version; the deployment picks the model.",
		"https://learn.microsoft.com/en-us/azure/foundry/openai/api-version-lifecycle",
		{ authStyle: "api-key", query: { "api-version": "2024-10-21" }, modelInUrl: true },
	),
	chat(
		"zen",
		"OpenCode Zen",
		"https://opencode.ai/zen/v1",
		"free",
		"OpenCode's gateway: some free models, the rest billed to your OpenCode credits.",
		`${SEED}, Preset routing matrix`,
	),
	chat(
		"opencode-go",
		"OpenCode Go",
		"https://opencode.ai/inference/go/v1",
		"free",
		"OpenCode's subscription models (routed per model family) beside the free CLI catalog.",
		`${SEED}, OpenCode Go subscriptions`,
	),
	chat(
		"openai",
		"OpenAI",
		"https://api.openai.com/v1",
		"paid",
		"OpenAI's platform API.",
		"https://platform.openai.com/docs/api-reference",
	),
	chat(
		"openrouter",
		"OpenRouter",
		"https://openrouter.ai/api/v1",
		"free",
		"Hundreds of models behind one key; model ids ending in :free cost nothing.",
		"https://openrouter.ai/docs/quickstart",
		{ headers: ATTRIBUTION },
	),
	chat(
		"deepseek",
		"DeepSeek",
		"https://api.deepseek.com/v1",
		"paid",
		"DeepSeek's own API; reasoning is returned separately.",
		"https://api-docs.deepseek.com/",
	),
	chat(
		"groq",
		"Groq",
		"https://api.groq.com/openai/v1",
		"free",
		"Fast open models on Groq LPUs; free tier with rate limits.",
		"https://console.groq.com/docs/openai",
	),
	chat(
		"cerebras",
		"Cerebras",
		"https://api.cerebras.ai/v1",
		"free",
		"Fast open models on Cerebras hardware; free tier with rate limits.",
		"https://inference-docs.cerebras.ai/resources/openai",
	),
	chat(
		"mistral",
		"Mistral",
		"https://api.mistral.ai/v1",
		"free",
		"Mistral's models; a free experiment tier with rate limits.",
		"https://docs.mistral.ai",
	),
	chat(
		"together",
		"Together AI",
		"https://api.together.ai/v1",
		"paid",
		"Open models hosted by Together; ids are provider/model.",
		"https://docs.together.ai/docs/inference/openai-compatibility",
	),
	chat(
		"fireworks",
		"Fireworks",
		"https://api.fireworks.ai/inference/v1",
		"paid",
		"Open and fine-tuned models hosted by Fireworks.",
		"https://docs.fireworks.ai",
	),
	chat(
		"deepinfra",
		"DeepInfra",
		"https://api.deepinfra.com/v1/openai",
		"paid",
		"Open models hosted by DeepInfra (note the /v1/openai path).",
		"https://deepinfra.com/docs/advanced/openai_api",
	),
	chat(
		"hyperbolic",
		"Hyperbolic",
		"https://api.hyperbolic.xyz/v1",
		"paid",
		"Open models on Hyperbolic's GPU cloud.",
		"https://docs.hyperbolic.xyz",
	),
	chat(
		"nebius",
		"Nebius Token Factory",
		"https://api.tokenfactory.nebius.com/v1",
		"paid",
		"Open models on Nebius (formerly AI Studio).",
		"https://docs.tokenfactory.nebius.com/api-reference/introduction",
	),
	chat(
		"novita",
		"Novita AI",
		"https://api.novita.ai/v3/openai",
		"paid",
		"Open models on Novita's GPU cloud.",
		"https://novita.ai/docs/guides/llm-api",
	),
	chat(
		"sambanova",
		"SambaNova",
		"https://api.sambanova.ai/v1",
		"free",
		"Fast open models on SambaNova RDUs; free tier with rate limits.",
		"https://docs.sambanova.ai/cloud/docs",
	),
	chat(
		"moonshot",
		"Moonshot (Kimi)",
		"https://api.moonshot.ai/v1",
		"paid",
		"Kimi models, global endpoint (use api.moonshot.cn in mainland China).",
		"https://platform.kimi.ai/docs/api/overview",
	),
	chat(
		"dashscope",
		"Alibaba DashScope (Qwen)",
		"https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
		"paid",
		"Qwen models, international endpoint (dashscope.aliyuncs.com in Beijing).",
		"https://www.alibabacloud.com/help/en/model-studio/compatibility-of-openai-with-dashscope",
	),
	chat(
		"siliconflow",
		"SiliconFlow",
		"https://api.siliconflow.com/v1",
		"paid",
		"Open models on SiliconFlow, global endpoint (api.siliconflow.cn in China).",
		"https://docs.siliconflow.com/en/api-reference/chat-completions/chat-completions",
	),
	chat(
		"volcano-ark",
		"Volcano Engine Ark",
		"https://ark.cn-beijing.volces.com/api/v3",
		"paid",
		"Doubao and hosted models on ByteDance's Ark; the model is a model or endpoint id.",
		"https://www.volcengine.com/docs/82379/1298459",
	),
	chat(
		"hunyuan",
		"Tencent Hunyuan",
		"https://api.hunyuan.cloud.tencent.com/v1",
		"paid",
		"Tencent's Hunyuan models through their OpenAI-compatible interface.",
		"https://cloud.tencent.com/document/product/1729/111007",
	),
	chat(
		"qianfan",
		"Baidu Qianfan",
		"https://qianfan.baidubce.com/v2",
		"paid",
		"ERNIE and hosted models on Baidu's Qianfan (v2 API).",
		"https://cloud.baidu.com/doc/qianfan/s/Hmh4suq26",
	),
	chat(
		"stepfun",
		"StepFun",
		"https://api.stepfun.com/v1",
		"paid",
		"StepFun's Step models (api.stepfun.ai outside China).",
		"https://platform.stepfun.com/docs/zh/guides/developer/openai",
	),
	chat(
		"yi",
		"01.AI (Yi)",
		"https://api.lingyiwanwu.com/v1",
		"paid",
		"01.AI's Yi models.",
		"https://platform.lingyiwanwu.com/docs",
	),
	chat(
		"baichuan",
		"Baichuan",
		"https://api.baichuan-ai.com/v1",
		"paid",
		"Baichuan's models.",
		"https://platform.baichuan-ai.com/docs/api",
	),
	chat(
		"spark",
		"iFlytek Spark",
		"https://spark-api-open.xf-yun.com/v1",
		"paid",
		"iFlytek's Spark models; the key is the console's APIPassword.",
		"https://docs.iflyaicloud.com/doc/237",
	),
	chat(
		"upstage",
		"Upstage (Solar)",
		"https://api.upstage.ai/v1/solar",
		"paid",
		"Upstage's Solar models.",
		"https://developers.upstage.ai/docs/apis/chat",
	),
	chat(
		"reka",
		"Reka",
		"https://api.reka.ai/v1",
		"paid",
		"Reka's multimodal models.",
		"https://docs.reka.ai/research/api-reference",
	),
	chat(
		"ai21",
		"AI21 (Jamba)",
		"https://api.ai21.com/studio/v1",
		"paid",
		"AI21's Jamba models.",
		"https://docs.ai21.com/reference/jamba-1-6-api-ref",
	),
	chat(
		"cohere",
		"Cohere (Compatibility API)",
		"https://api.cohere.ai/compatibility/v1",
		"free",
		"Cohere's Command models through its OpenAI compatibility layer; trial keys are free.",
		"https://docs.cohere.com/docs/compatibility-api",
	),
	chat(
		"huggingface",
		"Hugging Face router",
		"https://router.huggingface.co/v1",
		"free",
		"Inference Providers behind one Hugging Face token; monthly free credits.",
		"https://huggingface.co/docs/inference-providers/index",
	),
	chat(
		"ollama-cloud",
		"Ollama Cloud",
		"https://ollama.com/v1",
		"paid",
		"Ollama's hosted models with an ollama.com API key.",
		"https://docs.ollama.com/openai",
	),
	chat(
		"baseten",
		"Baseten",
		"https://inference.baseten.co/v1",
		"paid",
		"Baseten Model APIs.",
		"https://docs.baseten.co/development/model-apis/overview",
	),
	chat(
		"kluster",
		"kluster.ai",
		"https://api.kluster.ai/v1",
		"paid",
		"Open models on kluster.ai; its page lists tools among unsupported fields.",
		"https://docs.kluster.ai/get-started/openai-compatibility",
	),
	chat(
		"chutes",
		"Chutes",
		"https://llm.chutes.ai/v1",
		"paid",
		"Open models on Chutes' shared OpenAI-compatible gateway.",
		"https://chutes.ai/llms.txt",
	),
	chat(
		"featherless",
		"Featherless",
		"https://api.featherless.ai/v1",
		"paid",
		"Open-weight models served by subscription.",
		"https://featherless.ai/docs/api-overview-and-common-options",
		{ headers: ATTRIBUTION },
	),
	chat(
		"nanogpt",
		"NanoGPT",
		"https://nano-gpt.com/api/v1",
		"paid",
		"Many models, pay per prompt.",
		"https://docs.nano-gpt.com/api-reference/text-generation",
	),
	chat(
		"requesty",
		"Requesty",
		"https://router.requesty.ai/v1",
		"paid",
		"A router over many providers; ids are provider/model.",
		"https://docs.requesty.ai/llms.txt",
	),
	chat(
		"scaleway",
		"Scaleway Generative APIs",
		"https://api.scaleway.ai/v1",
		"paid",
		"Models hosted in Paris by Scaleway.",
		"https://www.scaleway.com/en/developers/api/generative-apis/",
	),
	chat(
		"runpod",
		"RunPod Serverless (vLLM)",
		"https://api.runpod.ai/v2/YOUR-ENDPOINT-ID/openai/v1",
		"paid",
		"Your RunPod serverless vLLM endpoint; replace YOUR-ENDPOINT-ID.",
		"https://docs.runpod.io/serverless/vllm/openai-compatibility",
	),
	chat(
		"kilo",
		"Kilo Gateway",
		"https://api.kilo.ai/api/gateway",
		"paid",
		"Kilo's AI gateway over many providers.",
		"https://kilo.ai/docs",
	),
	chat(
		"ovhcloud",
		"OVHcloud AI Endpoints",
		"https://oai.endpoints.kepler.ai.cloud.ovh.net/v1",
		"free",
		"Models hosted by OVHcloud; usable without a key at a low rate, more with one.",
		"https://www.ovhcloud.com/en-gb/public-cloud/ai-endpoints/catalog/",
	),
	chat(
		"modelscope",
		"ModelScope",
		"https://api-inference.modelscope.cn/v1",
		"free",
		"Open models through ModelScope API-Inference; a daily free quota.",
		"https://modelscope.cn/docs",
	),
	chat(
		"zai",
		"Z.ai (GLM)",
		"https://api.z.ai/api/paas/v4",
		"free",
		"Zhipu's GLM models; flash models are free.",
		"https://docs.z.ai/api-reference/llm/chat-completion",
	),
	chat(
		"nvidia",
		"NVIDIA NIM",
		"https://integrate.api.nvidia.com/v1",
		"free",
		"NVIDIA-hosted NIM models; free developer access.",
		"https://build.nvidia.com/",
	),
	chat(
		"cloudflare",
		"Cloudflare Workers AI",
		"https://api.cloudflare.com/client/v4/accounts/YOUR-ACCOUNT-ID/ai/v1",
		"free",
		"Models on Cloudflare's network with a daily free allocation; replace YOUR-ACCOUNT-ID.",
		"https://developers.cloudflare.com/workers-ai/configuration/open-ai-compatibility",
	),
	chat(
		"aionlabs",
		"Aion Labs",
		"https://api.aionlabs.ai/v1",
		"free",
		"Aion Labs' reasoning and roleplay models; a free tier with rate limits.",
		"https://api.aionlabs.ai/docs/api-reference",
	),
	localServer(
		"ollama",
		"Ollama",
		11434,
		"A model that supports tools; tool_choice and parallel_tool_calls are omitted unless set.",
		"https://docs.ollama.com/openai",
	),
	localServer("lmstudio", "LM Studio", 1234, "A suitable model and chat template; Bearer when server auth is on."),
	localServer(
		"vllm",
		"vLLM",
		8000,
		"A chat template, a tool-call parser and automatic tool choice enabled on the server.",
	),
	localServer(
		"llamacpp",
		"llama.cpp",
		8080,
		"A compatible model and template, often --jinja; parser support varies.",
	),
	localServer("sglang", "SGLang", 30000, "The model's chat template and tool-call parser."),
];

/** The Custom endpoint: any server implementing a supported protocol, at its documented URL. */
export const CUSTOM_PRESET: Preset = chat(
	"custom",
	"Custom endpoint",
	"",
	"paid",
	"Any server that implements Chat Completions, Messages or Gemini, at its documented base URL.",
	SEED,
);
