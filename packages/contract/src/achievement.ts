// Request and response schemas of the /bff/v1/achievement/* calls.
export {};
