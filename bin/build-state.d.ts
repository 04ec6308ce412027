export declare const BUILT: { start: string; site: string; cli: string };
export declare function isBuildStale(root: string): boolean;
export declare function buildSite(root: string): void;
export declare function ensureBuild(root: string): void;
