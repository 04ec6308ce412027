import type { BuildOptions } from "esbuild";
export declare function serverBuildOptions(base?: string): BuildOptions;
