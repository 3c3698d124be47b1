// The Roblox services UI LIB uses. Access is lazy: `services.HttpService` calls game:GetService on
// first use (the @rbxts/services proxy), so loading the library fetches and creates nothing.
import * as LazyServices from "@rbxts/services";

export const services = LazyServices;

/** CoreGui where this environment lets scripts reach it (an executor), else undefined. */
export function coreGui(): Instance | undefined {
	const [ok, gui] = pcall(() => game.GetService("CoreGui" as keyof Services));
	return ok ? gui : undefined;
}

/** The running place's id (0 in an unpublished place). */
export function placeId(): number {
	return game.PlaceId;
}
