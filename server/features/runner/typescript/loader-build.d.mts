import type { BuildOptions } from 'esbuild';

export declare const LOADER_SOURCE: string;
export declare const REGISTER_SOURCE: string;
export declare function loaderBuildOptions(outfile: string): BuildOptions;
