import type { BuildOptions } from "esbuild";
export declare function serverBuildOptions(base?: string): BuildOptions;
export declare function cliBuildOptions(base?: string): BuildOptions;
export declare function precompressAssets(dir?: string): Promise<number>;
