// The Roblox services UI LIB uses. Access is lazy: `services.HttpService` calls game:GetService on
// first use (the @rbxts/services proxy), so loading the library fetches and creates nothing.
import * as Services from "@rbxts/services";

export const services = Services;
