export declare const SOURCES: string[];
export declare const BUILT: { start: string; site: string; cli: string };
export declare function isBuildStale(root: string): boolean;
export declare function buildSite(root: string, logFile?: string): void;
export declare function buildLogFile(env?: NodeJS.ProcessEnv): string;
export declare function ensureBuild(root: string): void;
