export declare function schemaFiles(): string[]
export declare function readSdl(): string
